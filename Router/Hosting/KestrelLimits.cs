using Microsoft.AspNetCore.Server.Kestrel.Core;
using SoapRouter.Configuration;

namespace SoapRouter.Hosting;

/// <summary>The limits Kestrel enforces itself, set from the config the router starts with (Kestrel reads them once).</summary>
internal static class KestrelLimits
{
    /// <summary>
    /// How far Kestrel reads a connection's request ahead of the router (its MaxRequestBufferSize): 64 KiB, not its
    /// default 1 MiB, so that 1,000 clients whose messages wait for a slot or for memory hold 64 MB, not 1 GB, before
    /// limits.maxBufferedBytes counts a byte of them.
    /// </summary>
    public const long ReadAheadBytes = 64 * 1024;

    /// <summary>Sets body size, keep-alive and header timeouts and the minimum data rates from <paramref name="limits"/>.</summary>
    public static void Apply(KestrelServerLimits kestrel, LimitsConfig limits)
    {
        ArgumentNullException.ThrowIfNull(kestrel);
        ArgumentNullException.ThrowIfNull(limits);
        kestrel.MaxRequestBodySize = limits.MaxMessageSize;
        kestrel.MaxRequestBufferSize = ReadAheadBytes;
        kestrel.KeepAliveTimeout = limits.KeepAliveTimeout;
        kestrel.RequestHeadersTimeout = limits.RequestHeadersTimeout;
        kestrel.MinRequestBodyDataRate = ToMinDataRate(limits.MinRequestBodyDataRate);
        kestrel.MinResponseDataRate = ToMinDataRate(limits.MinResponseDataRate);
    }

    /// <summary>
    /// True when <paramref name="reloaded"/> changes a limit that only applies at start (<see cref="RestartKeys"/>,
    /// <see cref="RestartGroup.ConnectionLimits"/>).
    /// </summary>
    public static bool NeedRestart(LimitsConfig started, LimitsConfig reloaded)
    {
        ArgumentNullException.ThrowIfNull(started);
        ArgumentNullException.ThrowIfNull(reloaded);
        return RestartKeys.Changed(new RouterConfig { Limits = started }, new RouterConfig { Limits = reloaded }, RestartGroup.ConnectionLimits).Count > 0;
    }

    private static MinDataRate? ToMinDataRate(DataRateConfig rate) =>
        rate.BytesPerSecond > 0 ? new MinDataRate(rate.BytesPerSecond, rate.GracePeriod) : null;
}
