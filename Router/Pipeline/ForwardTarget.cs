using SoapRouter.LoadBalancing;

namespace SoapRouter.Pipeline;

/// <summary>
/// A cluster as the pipeline can use it: the destinations this build can send to (every HTTP binding; net.tcp
/// destinations are not built yet and are left out, with a warning at load), sharing the cluster's destination states,
/// policy and cursor. Also tells, per listener binding, whether any destination needs the message re-encoded.
/// </summary>
internal sealed class ForwardTarget
{
    private ForwardTarget(ClusterState? cluster, string[] skipped)
    {
        Cluster = cluster;
        Skipped = skipped;
    }

    /// <summary>The reachable destinations as a cluster; null when there are none.</summary>
    public ClusterState? Cluster { get; }

    /// <summary>"name (binding)" of each destination left out, for the load-time warning.</summary>
    public IReadOnlyList<string> Skipped { get; }

    /// <summary>The part of <paramref name="cluster"/> this build can reach; the cluster itself when all of it is.</summary>
    public static ForwardTarget For(ClusterState cluster)
    {
        ArgumentNullException.ThrowIfNull(cluster);
        var skipped = new List<string>();
        var primaries = Reachable(cluster.Primaries, skipped);
        var backups = Reachable(cluster.Backups, skipped);
        if (skipped.Count == 0)
        {
            return new ForwardTarget(cluster, []);
        }

        // Same destination states, policy and cursor: counters, health and the round-robin turn stay shared with the
        // full cluster.
        var usable = primaries.Length + backups.Length == 0
            ? null
            : new ClusterState(cluster.Name, cluster.Config, primaries, backups, cluster.Policy, cluster.Cursor);
        return new ForwardTarget(usable, [.. skipped]);
    }

    /// <summary>True when some reachable destination speaks another binding than <paramref name="binding"/>.</summary>
    public bool NeedsReencoding(Wire.Bindings.WireBinding binding)
    {
        if (Cluster is not { } cluster)
        {
            return false;
        }

        foreach (var destination in cluster.Primaries)
        {
            if (!ReferenceEquals(destination.Binding, binding))
            {
                return true;
            }
        }

        foreach (var destination in cluster.Backups)
        {
            if (!ReferenceEquals(destination.Binding, binding))
            {
                return true;
            }
        }

        return false;
    }

    private static DestinationState[] Reachable(ReadOnlySpan<DestinationState> destinations, List<string> skipped)
    {
        var reachable = new List<DestinationState>(destinations.Length);
        foreach (var destination in destinations)
        {
            if (destination.Binding.IsHttp)
            {
                reachable.Add(destination);
            }
            else
            {
                skipped.Add($"{destination.Name} ({destination.Binding.Name})");
            }
        }

        return [.. reachable];
    }
}
