namespace BackendStub.Hosting;

/// <summary>How the WS-Addressing endpoints (soap12, binary) check a message's wsa:To against their own address.</summary>
public enum AddressFilterMode
{
    /// <summary>
    /// WCF's default (HostNameComparisonMode.StrongWildcard): scheme, port and path must match, the path
    /// case-insensitively; the host name is ignored, so 127.0.0.1 and localhost both pass.
    /// </summary>
    Default,

    /// <summary>WCF with HostNameComparisonMode.Exact: the host must match too (case-insensitively; no alias resolution).</summary>
    Exact,

    /// <summary>WCF's AddressFilterMode.Any: every To is accepted.</summary>
    Any,
}
