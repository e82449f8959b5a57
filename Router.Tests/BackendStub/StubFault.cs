namespace SoapRouter.Tests.BackendStub;

/// <summary>A SOAP fault as read from a reply's envelope.</summary>
/// <param name="IsSender">True for Sender (SOAP 1.1: Client, or a faultcode that is not Server, as WCF writes its subcodes there).</param>
/// <param name="Subcode">The subcode's local name (SOAP 1.1: the faultcode's when it is not Client/Server), or null.</param>
/// <param name="SubcodeNamespace">The subcode's namespace, or null.</param>
/// <param name="Reason">The reason text.</param>
internal sealed record StubFault(bool IsSender, string? Subcode, string? SubcodeNamespace, string Reason);
