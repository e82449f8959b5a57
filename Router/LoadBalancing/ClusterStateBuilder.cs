using System.Collections.Frozen;
using SoapRouter.Configuration;

namespace SoapRouter.LoadBalancing;

/// <summary>
/// Builds the cluster states of a config snapshot, reusing the previous snapshot's destination states (and
/// counters) for destinations whose name, address and binding did not change.
/// </summary>
internal static class ClusterStateBuilder
{
    /// <summary>
    /// Builds one <see cref="ClusterState"/> per entry of <paramref name="clusters"/>. Pass the states currently in
    /// use as <paramref name="previous"/> on a reload; an unknown policy name throws, since validation should have
    /// refused the config.
    /// </summary>
    public static FrozenDictionary<string, ClusterState> Build(
        IReadOnlyDictionary<string, ClusterConfig> clusters,
        LoadBalancingPolicies policies,
        IReadOnlyDictionary<string, ClusterState>? previous = null)
    {
        ArgumentNullException.ThrowIfNull(clusters);
        ArgumentNullException.ThrowIfNull(policies);

        var reusable = IndexDestinations(previous);
        var built = new Dictionary<string, ClusterState>(clusters.Count, StringComparer.Ordinal);
        foreach (var (name, config) in clusters)
        {
            var cursor = previous is not null && previous.TryGetValue(name, out var old) ? old.Cursor : new LoadBalancingCursor();
            built.Add(name, new ClusterState(
                name,
                config,
                ToStates(config.Destinations, reusable),
                ToStates(config.Backups, reusable),
                policies.Get(config.LoadBalancing),
                cursor));
        }

        return built.ToFrozenDictionary(StringComparer.Ordinal);
    }

    private static Dictionary<string, DestinationState> IndexDestinations(IReadOnlyDictionary<string, ClusterState>? previous)
    {
        var index = new Dictionary<string, DestinationState>(StringComparer.Ordinal);
        if (previous is null)
        {
            return index;
        }

        foreach (var cluster in previous.Values)
        {
            foreach (var destination in cluster.Primaries)
            {
                index.TryAdd(destination.Name, destination);
            }

            foreach (var destination in cluster.Backups)
            {
                index.TryAdd(destination.Name, destination);
            }
        }

        return index;
    }

    private static DestinationState[] ToStates(IReadOnlyList<DestinationConfig> configs, Dictionary<string, DestinationState> reusable)
    {
        var states = new DestinationState[configs.Count];
        for (var i = 0; i < states.Length; i++)
        {
            var config = configs[i];
            if (!reusable.TryGetValue(config.Name, out var state) || !state.Matches(config))
            {
                // Names are unique in a snapshot, so registering the new state lets another cluster that lists the
                // same destination share it and its in-flight count.
                state = new DestinationState(config);
                reusable[config.Name] = state;
            }

            states[i] = state;
        }

        return states;
    }
}
