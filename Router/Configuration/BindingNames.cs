namespace SoapRouter.Configuration;

/// <summary>The four wire bindings the router speaks on listeners and destinations.</summary>
public static class BindingNames
{
    /// <summary>Text SOAP 1.1 over HTTP, no WS-Addressing (WCF BasicHttpBinding).</summary>
    public const string BasicHttp = "basicHttp";

    /// <summary>Text SOAP 1.2 with WS-Addressing 1.0 over HTTP.</summary>
    public const string Soap12Http = "soap12Http";

    /// <summary>Binary XML (application/soap+msbin1), SOAP 1.2 + WS-Addressing 1.0, over HTTP.</summary>
    public const string BinaryHttp = "binaryHttp";

    /// <summary>net.tcp framing with the binary session encoder.</summary>
    public const string NetTcp = "netTcp";

    /// <summary>Every binding name, for validation messages.</summary>
    public static readonly IReadOnlyList<string> All = [BasicHttp, Soap12Http, BinaryHttp, NetTcp];

    /// <summary>True when <paramref name="name"/> is one of <see cref="All"/> (case-sensitive, as written in router.json).</summary>
    public static bool IsKnown(string? name) => name is BasicHttp or Soap12Http or BinaryHttp or NetTcp;
}
