using SoapRouter.LoadBalancing;

namespace SoapRouter.Listening;

/// <summary>
/// A cluster as one listener binding can use it without re-encoding: only the destinations that speak the listener's
/// binding, sharing the cluster's destination states, policy and cursor. Destinations on another binding would need
/// the message re-encoded (the WCF stack this build lacks), so they are skipped rather than tried and failed.
/// </summary>
internal sealed class VerbatimTarget
{
    private VerbatimTarget(ClusterState? cluster, string? otherBinding, string[] skipped)
    {
        Cluster = cluster;
        OtherBinding = otherBinding;
        Skipped = skipped;
    }

    /// <summary>The destinations reachable verbatim, as a cluster; null when there are none.</summary>
    public ClusterState? Cluster { get; }

    /// <summary>The binding of the first skipped destination, named in the re-encoding fault; null when none was skipped.</summary>
    public string? OtherBinding { get; }

    /// <summary>"name (binding)" of each skipped destination, for the log.</summary>
    public IReadOnlyList<string> Skipped { get; }

    /// <summary>The part of <paramref name="cluster"/> that speaks <paramref name="binding"/>; the cluster itself when all of it does.</summary>
    public static VerbatimTarget For(ClusterState cluster, string binding)
    {
        ArgumentNullException.ThrowIfNull(cluster);
        var skipped = new List<string>();
        string? otherBinding = null;
        var primaries = Matching(cluster.Primaries, binding, skipped, ref otherBinding);
        var backups = Matching(cluster.Backups, binding, skipped, ref otherBinding);
        if (skipped.Count == 0)
        {
            return new VerbatimTarget(cluster, null, []);
        }

        // Same destination states, policy and cursor: counters, health and the round-robin turn stay shared with the
        // full cluster, so other listeners' traffic and this one's balance together.
        var usable = primaries.Length + backups.Length == 0
            ? null
            : new ClusterState(cluster.Name, cluster.Config, primaries, backups, cluster.Policy, cluster.Cursor);
        return new VerbatimTarget(usable, otherBinding, [.. skipped]);
    }

    private static DestinationState[] Matching(ReadOnlySpan<DestinationState> destinations, string binding, List<string> skipped, ref string? otherBinding)
    {
        var matching = new List<DestinationState>(destinations.Length);
        foreach (var destination in destinations)
        {
            var destinationBinding = destination.Config.Binding;
            if (string.Equals(destinationBinding, binding, StringComparison.Ordinal))
            {
                matching.Add(destination);
            }
            else
            {
                skipped.Add($"{destination.Name} ({destinationBinding})");
                otherBinding ??= destinationBinding;
            }
        }

        return [.. matching];
    }
}
