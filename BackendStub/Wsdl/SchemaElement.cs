using System.Xml;

namespace BackendStub.Wsdl;

/// <summary>One xs:element in a complex type's sequence.</summary>
/// <param name="Name">Its local name (in the schema's target namespace: the schemas are elementFormDefault qualified).</param>
/// <param name="Type">Its XSD type.</param>
/// <param name="Nillable">Writes nillable="true".</param>
/// <param name="Optional">Writes minOccurs="0" (data members that are not IsRequired).</param>
/// <param name="Repeated">Writes maxOccurs="unbounded" (the items of a collection).</param>
internal sealed record SchemaElement(string Name, XmlQualifiedName Type, bool Nillable, bool Optional, bool Repeated = false);
