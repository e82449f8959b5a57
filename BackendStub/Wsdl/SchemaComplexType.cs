using System.Xml;

namespace BackendStub.Wsdl;

/// <summary>A named complex type: a data contract or a collection of one, as a sequence of elements.</summary>
/// <param name="Name">Its qualified name (the data contract's name and namespace; ArrayOf{Item} for collections).</param>
/// <param name="Sequence">Its elements, in the order the DataContractSerializer writes them.</param>
internal sealed record SchemaComplexType(XmlQualifiedName Name, IReadOnlyList<SchemaElement> Sequence);
