using SoapRouter.Hosting;

namespace SoapRouter.Pipeline;

/// <summary>Finds the destinations that routes of a config can reach but this build cannot send to, for a warning at load.</summary>
internal static class SkippedDestinations
{
    /// <summary>One line per cluster some route reaches that has skipped destinations: (cluster, first route, destinations).</summary>
    public static IReadOnlyList<(string Cluster, string Route, string Destinations)> Find(RouterState state)
    {
        ArgumentNullException.ThrowIfNull(state);
        var found = new List<(string, string, string)>();
        var seen = new HashSet<string>(StringComparer.Ordinal);
        foreach (var route in state.Routes.Routes)
        {
            if (!seen.Add(route.Cluster) || !state.Clusters.TryGetValue(route.Cluster, out var cluster))
            {
                continue;
            }

            var target = ForwardTarget.For(cluster);
            if (target.Skipped.Count > 0)
            {
                found.Add((route.Cluster, route.Name, string.Join(", ", target.Skipped)));
            }
        }

        return found;
    }
}
