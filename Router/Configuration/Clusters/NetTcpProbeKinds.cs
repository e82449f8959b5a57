namespace SoapRouter.Configuration;

/// <summary>The values of healthCheck.netTcpProbe: how a net.tcp destination is probed when the check has no action.</summary>
public static class NetTcpProbeKinds
{
    /// <summary>A duplex preamble for the destination's Via: a Preamble Ack (or, with TLS, an Upgrade Response) passes.</summary>
    public const string Preamble = "preamble";

    /// <summary>A TCP connect: the port is open, whatever answers on it.</summary>
    public const string Connect = "connect";

    /// <summary>Every accepted value.</summary>
    public static readonly IReadOnlyList<string> All = [Preamble, Connect];
}
