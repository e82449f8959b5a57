using SoapRouter.Routing;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Configuration;

/// <summary>
/// Validation of streamed transfer: transportMode values, the bindings that stream (HTTP in text or msbin1, netTcp), limits.streamed,
/// and what a route that can take a streamed listener's messages may do: no filter that reads the body (the router never
/// holds it) and only streamed destinations (it can only go on as a stream).
/// </summary>
internal static class StreamedRules
{
    /// <summary>The smallest header section limit: a WS-Addressing header set alone takes about 1 KB.</summary>
    public const int MinHeadersSize = 1024;

    /// <summary>The largest header section limit (the router holds that much per streamed message).</summary>
    public const int MaxHeadersSize = 64 * 1024 * 1024;

    /// <summary>Checks every listener's and destination's transportMode, limits.streamed and the routes streamed listeners feed.</summary>
    public static void Check(RouterConfig config, ConfigValidationContext context)
    {
        var streamed = new List<(string Name, string Path)>();
        var buffered = new List<(string Name, string Path)>();
        for (var i = 0; i < config.Listeners.Count; i++)
        {
            var listener = config.Listeners[i];
            var path = ConfigPath.Index("listeners", i);
            if (!CheckMode(listener.TransportMode, listener.Binding, listener.Encoding, path, context))
            {
                if (Uri.TryCreate(listener.Address, UriKind.Absolute, out var bufferedUri))
                {
                    buffered.Add((listener.Name, Uri.UnescapeDataString(bufferedUri.AbsolutePath)));
                }

                continue;
            }

            if (listener.Compression is not null)
            {
                context.Error(
                    ConfigPath.Property(path, "compression"),
                    "replies on a streamed listener are never compressed (a stream is not held to be compressed); remove compression or make the listener buffered");
            }

            if (Uri.TryCreate(listener.Address, UriKind.Absolute, out var uri))
            {
                streamed.Add((listener.Name, Uri.UnescapeDataString(uri.AbsolutePath)));
            }
        }

        foreach (var (name, cluster) in config.Clusters)
        {
            var clusterPath = ConfigPath.Key("clusters", name);
            CheckDestinations(cluster.Destinations, ConfigPath.Property(clusterPath, "destinations"), context);
            CheckDestinations(cluster.Backups, ConfigPath.Property(clusterPath, "backups"), context);
        }

        CheckLimits(config.Limits.Streamed, context);
        for (var i = 0; i < config.Routes.Count; i++)
        {
            var path = ConfigPath.Index("routes", i);
            CheckRoute(config.Routes[i], path, streamed, config.Clusters, context);
            CheckBufferedRoute(config.Routes[i], path, buffered, config.Clusters, context);
        }
    }

    /// <summary>
    /// A buffered listener's messages cannot go to a streamed netTcp destination: such a service takes the singleton-unsized
    /// mode only (it refuses the duplex session the router's buffered net.tcp client opens), unlike a streamed HTTP service,
    /// which reads a buffered request as any other.
    /// </summary>
    private static void CheckBufferedRoute(
        RouteConfig route,
        string path,
        IReadOnlyList<(string Name, string Path)> buffered,
        IReadOnlyDictionary<string, ClusterConfig> clusters,
        ConfigValidationContext context)
    {
        if (!clusters.TryGetValue(route.Cluster, out var cluster))
        {
            return;
        }

        var feeding = FeedingListeners(route, buffered);
        foreach (var destination in cluster.Destinations.Concat(cluster.Backups))
        {
            if (feeding.Count > 0 && destination.Binding == WireBindingNames.NetTcp && TransportModes.IsStreamed(destination.TransportMode))
            {
                context.Error(
                    ConfigPath.Property(path, "cluster"),
                    $"route '{route.Name}' takes messages from buffered listener {string.Join(", ", feeding.Select(name => $"'{name}'"))}, but destination '{destination.Name}' of cluster '{route.Cluster}' is a streamed netTcp one, which takes streamed messages only: give this route an address filter that leaves the buffered listener out, or make the listener streamed");
            }
        }
    }

    /// <summary>The names of the streamed listeners whose messages <paramref name="route"/> can match (its address filters admit their paths).</summary>
    private static List<string> FeedingListeners(RouteConfig route, IReadOnlyList<(string Name, string Path)> streamed)
    {
        var feeding = new List<string>();
        foreach (var (name, listenerPath) in streamed)
        {
            var admitted = true;
            foreach (var filter in route.Filters)
            {
                if (filter.Type == FilterTypes.Address && filter.Value is { } value
                    && !new AddressFilter(value, filter.Match == FilterTypes.MatchPrefix).MatchesPath(listenerPath))
                {
                    admitted = false;
                    break;
                }
            }

            if (admitted)
            {
                feeding.Add(name);
            }
        }

        return feeding;
    }

    private static void CheckRoute(
        RouteConfig route,
        string path,
        IReadOnlyList<(string Name, string Path)> streamed,
        IReadOnlyDictionary<string, ClusterConfig> clusters,
        ConfigValidationContext context)
    {
        var feeding = FeedingListeners(route, streamed);
        if (feeding.Count == 0)
        {
            return;
        }

        var listeners = string.Join(", ", feeding.Select(name => $"'{name}'"));
        var filtersPath = ConfigPath.Property(path, "filters");
        for (var j = 0; j < route.Filters.Count; j++)
        {
            if (route.Filters[j].Type == FilterTypes.XPath)
            {
                context.Error(
                    ConfigPath.Index(filtersPath, j),
                    $"an xpath filter reads the message body, which the router never holds for streamed listener {listeners}: route streamed messages by action, address or header, or give this route an address filter that leaves the streamed listener out");
            }
        }

        if (!clusters.TryGetValue(route.Cluster, out var cluster))
        {
            return;
        }

        foreach (var destination in cluster.Destinations.Concat(cluster.Backups))
        {
            if (!TransportModes.IsStreamed(destination.TransportMode))
            {
                context.Error(
                    ConfigPath.Property(path, "cluster"),
                    $"route '{route.Name}' takes messages from streamed listener {listeners}, but destination '{destination.Name}' of cluster '{route.Cluster}' is not streamed: a streamed message can only go on as a stream (set its transportMode to streamed)");
            }
        }
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
