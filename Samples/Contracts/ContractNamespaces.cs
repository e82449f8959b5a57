namespace Samples.Contracts;

/// <summary>XML namespaces of the stub's data and service contracts.</summary>
public static class ContractNamespaces
{
    /// <summary>
    /// Namespace of every data contract. Fixed rather than derived from the CLR namespace so that
    /// moving a type between projects (LoadClient, a future CoreWCF host) never changes the wire;
    /// it is the value WCF would derive for a CLR namespace <c>BackendStub</c>.
    /// </summary>
    public const string Data = "http://schemas.datacontract.org/2004/07/BackendStub";

    /// <summary>Namespace of the service contracts, WCF's default, which the action URIs start with.</summary>
    public const string Service = "http://tempuri.org/";
}
