namespace BackendStub.Wsdl;

/// <summary>One operation of a service contract, as its WSDL describes it (document/literal wrapped).</summary>
/// <param name="Contract">The contract's name (the port type).</param>
/// <param name="Name">The operation's name: the request wrapper element and the WSDL operation.</param>
/// <param name="Action">The request action (wsaw:Action, soapAction).</param>
/// <param name="ReplyAction">The reply action; null for a one-way operation.</param>
/// <param name="Parameters">The request wrapper's parts, in order.</param>
/// <param name="ReturnType">The type of {Name}Result in the reply wrapper; null when the operation returns nothing.</param>
internal sealed record ContractOperation(
    string Contract,
    string Name,
    string Action,
    string? ReplyAction,
    IReadOnlyList<OperationPart> Parameters,
    Type? ReturnType)
{
    /// <summary>True when the operation has no reply.</summary>
    public bool IsOneWay => ReplyAction is null;

    /// <summary>The reply wrapper element's name.</summary>
    public string ResponseName => Name + "Response";

    /// <summary>The part of the reply wrapper holding the result.</summary>
    public string ResultName => Name + "Result";
}
