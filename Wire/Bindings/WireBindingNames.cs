namespace SoapRouter.Wire.Bindings;

/// <summary>The names of the four wire bindings, as router.json and the tools' command lines write them.</summary>
public static class WireBindingNames
{
    /// <summary>Text SOAP 1.1 over HTTP, no WS-Addressing (WCF BasicHttpBinding).</summary>
    public const string BasicHttp = "basicHttp";

    /// <summary>Text SOAP 1.2 with WS-Addressing 1.0 over HTTP.</summary>
    public const string Soap12Http = "soap12Http";

    /// <summary>Binary XML (application/soap+msbin1), SOAP 1.2 + WS-Addressing 1.0, over HTTP.</summary>
    public const string BinaryHttp = "binaryHttp";

    /// <summary>net.tcp framing with the binary session encoder (msbinsession1).</summary>
    public const string NetTcp = "netTcp";

    /// <summary>Every binding name, for validation messages.</summary>
    public static readonly IReadOnlyList<string> All = [BasicHttp, Soap12Http, BinaryHttp, NetTcp];

    /// <summary>True when <paramref name="name"/> is one of <see cref="All"/> (case-sensitive, as written in router.json).</summary>
    public static bool IsKnown(string? name) => name is BasicHttp or Soap12Http or BinaryHttp or NetTcp;
}
