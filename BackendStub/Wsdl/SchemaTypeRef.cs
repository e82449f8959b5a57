using System.Xml;

namespace BackendStub.Wsdl;

/// <summary>How an element of some CLR type is typed in XML Schema.</summary>
/// <param name="Name">The XSD type (xs:int, tns:Order, ...).</param>
/// <param name="Nillable">True for reference and nullable types, which the DataContractSerializer writes as i:nil when null.</param>
internal sealed record SchemaTypeRef(XmlQualifiedName Name, bool Nillable);
