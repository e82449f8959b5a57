using SoapRouter.Routing;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Configuration;

/// <summary>
/// What a route may do given the listeners that feed it: a route that can take a streamed listener's messages has no
/// filter that reads the body (the router never holds it) and only streamed destinations (it can only go on as a
/// stream); one that takes a buffered listener's has no streamed netTcp destination.
/// </summary>
internal sealed class RouteStreamedRules
{
    private readonly List<(string Name, string Path)> _streamed = [];
    private readonly List<(string Name, string Path)> _buffered = [];
    private readonly IReadOnlyDictionary<string, ClusterConfig> _clusters;

    /// <summary>Sorts the listeners of <paramref name="config"/> into streamed and buffered, by their paths.</summary>
    public RouteStreamedRules(RouterConfig config)
    {
        _clusters = config.Clusters;
        foreach (var listener in config.Listeners)
        {
            if (Uri.TryCreate(listener.Address, UriKind.Absolute, out var uri))
            {
                var list = StreamedRules.Streams(listener.TransportMode, listener.Binding, listener.Encoding) ? _streamed : _buffered;
                list.Add((listener.Name, Uri.UnescapeDataString(uri.AbsolutePath)));
            }
        }
    }

    /// <summary>Checks the route at <paramref name="path"/> against the listeners that can feed it.</summary>
    public void Check(RouteConfig route, string path, ConfigValidationContext context)
    {
        CheckStreamedRoute(route, path, _streamed, _clusters, context);
        CheckBufferedRoute(route, path, _buffered, _clusters, context);
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

    private static void CheckStreamedRoute(
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
}
