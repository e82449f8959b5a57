using SoapRouter.Wire.Bindings;

namespace SoapRouter.Configuration;

/// <summary>
/// Validation of streamed transfer: transportMode values, the bindings that stream (HTTP in text or msbin1, netTcp) and
/// limits.streamed. What a route fed by a streamed listener may do is a route key: <see cref="RouteStreamedRules"/>.
/// </summary>
internal static class StreamedRules
{
    /// <summary>The smallest header section limit: a WS-Addressing header set alone takes about 1 KB.</summary>
    public const int MinHeadersSize = 1024;

    /// <summary>The largest header section limit (the router holds that much per streamed message).</summary>
    public const int MaxHeadersSize = 64 * 1024 * 1024;

    /// <summary>Checks every listener's and destination's transportMode and limits.streamed.</summary>
    public static void Check(RouterConfig config, ConfigValidationContext context)
    {
        for (var i = 0; i < config.Listeners.Count; i++)
        {
            var listener = config.Listeners[i];
            var path = ConfigPath.Index("listeners", i);
            if (CheckMode(listener.TransportMode, listener.Binding, listener.Encoding, path, context) && listener.Compression is not null)
            {
                context.Error(
                    ConfigPath.Property(path, "compression"),
                    "replies on a streamed listener are never compressed (a stream is not held to be compressed); remove compression or make the listener buffered");
            }
        }

        foreach (var (name, cluster) in config.Clusters)
        {
            var clusterPath = ConfigPath.Key("clusters", name);
            CheckDestinations(cluster.Destinations, ConfigPath.Property(clusterPath, "destinations"), context);
            CheckDestinations(cluster.Backups, ConfigPath.Property(clusterPath, "backups"), context);
        }

        CheckLimits(config.Limits.Streamed, context);
    }

    private static void CheckDestinations(IReadOnlyList<DestinationConfig> destinations, string path, ConfigValidationContext context)
    {
        for (var i = 0; i < destinations.Count; i++)
        {
            var destination = destinations[i];
            var destinationPath = ConfigPath.Index(path, i);
            CheckMode(destination.TransportMode, destination.Binding, destination.Encoding, destinationPath, context);

            if (destination.Binding == WireBindingNames.NetTcp && destination.Addressing == WireAddressingNames.August2004
                && TransportModes.IsStreamed(destination.TransportMode))
            {
                // The router's streamed net.tcp client is NetTcpBinding's (singleton-unsized msbin1), fixed to WS-Addressing 1.0.
                context.Error(
                    ConfigPath.Property(destinationPath, "addressing"),
                    "august2004 on a streamed netTcp destination is not built (the router's streamed net.tcp client speaks WS-Addressing 1.0): use a buffered netTcp destination");
            }
        }
    }

    /// <summary>Checks one transportMode; true when it is streamed on a binding that streams.</summary>
    private static bool CheckMode(string? mode, string binding, string? encoding, string path, ConfigValidationContext context)
    {
        var modePath = ConfigPath.Property(path, "transportMode");
        if (mode is null || mode == TransportModes.Buffered)
        {
            return false;
        }

        if (mode != TransportModes.Streamed)
        {
            context.Error(modePath, $"unknown transport mode '{mode}'; valid: {string.Join(", ", TransportModes.All)}");
            return false;
        }

        if (encoding == WireEncodingNames.Mtom)
        {
            context.Error(modePath, "streamed transfer is built for text and msbin1, not for mtom (use encoding text, or buffered transfer)");
            return false;
        }

        return WireBindingNames.IsKnown(binding);
    }

    /// <summary>True when a listener of <paramref name="binding"/> in <paramref name="mode"/> and <paramref name="encoding"/> streams (what <see cref="CheckMode"/> accepts as streamed).</summary>
    public static bool Streams(string? mode, string binding, string? encoding) =>
        mode == TransportModes.Streamed && encoding != WireEncodingNames.Mtom && WireBindingNames.IsKnown(binding);

    private static void CheckLimits(StreamedLimitsConfig limits, ConfigValidationContext context)
    {
        const string Path = "limits.streamed";
        context.RequirePositive(limits.MaxMessageSize, ConfigPath.Property(Path, "maxMessageSize"));
        if (limits.MaxHeadersSize is < MinHeadersSize or > MaxHeadersSize)
        {
            context.Error(
                ConfigPath.Property(Path, "maxHeadersSize"), $"must be between {MinHeadersSize} and {MaxHeadersSize} bytes (is {limits.MaxHeadersSize})");
        }
    }
}
