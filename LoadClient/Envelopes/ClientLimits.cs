using SoapRouter.Wire.Encoding;

namespace LoadClient.Envelopes;

/// <summary>The limits the client encodes requests and (in the WCF mode) reads replies under.</summary>
internal static class ClientLimits
{
    /// <summary>
    /// No limit short of what an array can hold: the client writes what it was asked to and reads whatever its target
    /// answers (a getOrders reply grows with --orders); the target is loopback unless --allow-remote says otherwise.
    /// </summary>
    public static WireLimits Unbounded { get; } = WireLimits.ForSize(int.MaxValue);
}
