namespace BackendStub.Wsdl;

/// <summary>One part of a wrapper element: a parameter's name and type.</summary>
/// <param name="Name">The part element's local name (the parameter's name).</param>
/// <param name="Type">The CLR type, serialized by the DataContractSerializer.</param>
internal sealed record OperationPart(string Name, Type Type);
