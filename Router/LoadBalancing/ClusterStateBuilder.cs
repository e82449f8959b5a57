using System.Collections.Frozen;
using Microsoft.Extensions.Logging.Abstractions;
using SoapRouter.Configuration;
using SoapRouter.Health;

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
        IReadOnlyDictionary<string, ClusterState>? previous = null,
        TimeProvider? time = null,
        ILogger? logger = null)
    {
        ArgumentNullException.ThrowIfNull(clusters);
        ArgumentNullException.ThrowIfNull(policies);
        time ??= TimeProvider.System;
        logger ??= NullLogger.Instance;

        var reusable = IndexDestinations(previous);
        var attached = new HashSet<DestinationState>(ReferenceEqualityComparer.Instance);
        var built = new Dictionary<string, ClusterState>(clusters.Count, StringComparer.Ordinal);
        foreach (var (name, config) in clusters)
        {
            var kept = previous is not null && previous.TryGetValue(name, out var old) ? old : null;
            var primaries = ToStates(config.Destinations, reusable);
            var backups = ToStates(config.Backups, reusable);
            AttachHealth(primaries, config.OutlierDetection, time, logger, attached);
            AttachHealth(backups, config.OutlierDetection, time, logger, attached);
            built.Add(name, new ClusterState(
                name,
                config,
                primaries,
                backups,
                policies.Get(config.LoadBalancing),
                kept?.Cursor ?? new LoadBalancingCursor(),
                kept?.Budget ?? new RetryBudget(time),
                time));
        }

        return built.ToFrozenDictionary(StringComparer.Ordinal);
    }

    // A destination listed by several clusters keeps the health built for the first; a changed outlier setting
    // starts a fresh one (and forgets the old breaker's state).
    private static void AttachHealth(
        DestinationState[] states, OutlierDetectionConfig outlier, TimeProvider time, ILogger logger, HashSet<DestinationState> attached)
    {
        foreach (var state in states)
        {
            if (attached.Add(state) && (state.Health is null || state.Health.Config != outlier))
            {
                state.Health = new DestinationHealth(state.Name, outlier, time, logger);
            }
        }
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
