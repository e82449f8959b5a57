using System.Collections.Frozen;

namespace SoapRouter.Hosting;

/// <summary>The route and destination names of one config state: what per-name statistics and logs keep on a reload.</summary>
internal sealed record ConfiguredNames(FrozenSet<string> Routes, FrozenSet<string> Destinations)
{
    /// <summary>The names of <paramref name="state"/>'s routes and of its clusters' destinations (backups included).</summary>
    public static ConfiguredNames Of(RouterState state)
    {
        ArgumentNullException.ThrowIfNull(state);
        var routes = new HashSet<string>(StringComparer.Ordinal);
        foreach (var route in state.Routes.Routes)
        {
            routes.Add(route.Name);
        }

        var destinations = new HashSet<string>(StringComparer.Ordinal);
        foreach (var cluster in state.Clusters.Values)
        {
            foreach (var destination in cluster.Primaries)
            {
                destinations.Add(destination.Name);
            }

            foreach (var destination in cluster.Backups)
            {
                destinations.Add(destination.Name);
            }
        }

        return new ConfiguredNames(routes.ToFrozenSet(StringComparer.Ordinal), destinations.ToFrozenSet(StringComparer.Ordinal));
    }
}
