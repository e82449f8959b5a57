namespace BackendStub.Wsdl;

/// <summary>A [ServiceContract] interface as its WSDL describes it.</summary>
/// <param name="Name">The contract's name: the port type, and the middle of its default actions.</param>
/// <param name="Namespace">The contract's namespace: the target namespace of its wrapper elements and messages.</param>
/// <param name="Operations">Its operations, in declaration order.</param>
internal sealed record ServiceContractInfo(string Name, string Namespace, IReadOnlyList<ContractOperation> Operations);
