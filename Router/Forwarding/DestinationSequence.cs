using SoapRouter.LoadBalancing;

namespace SoapRouter.Forwarding;

/// <summary>
/// The order in which one message tries destinations: the primary the policy chose, then the cluster's backups in
/// their configured order. A value over the cluster's arrays; building it allocates nothing.
/// </summary>
internal readonly struct DestinationSequence
{
    private readonly DestinationState? _primary;
    private readonly ClusterState _cluster;

    /// <summary>Asks <paramref name="cluster"/>'s policy for the primary and lines up the backups behind it.</summary>
    public DestinationSequence(ClusterState cluster)
        : this(cluster, cluster?.PickPrimary())
    {
    }

    /// <summary>Lines up <paramref name="primary"/> (null: no primary) followed by <paramref name="cluster"/>'s backups.</summary>
    public DestinationSequence(ClusterState cluster, DestinationState? primary)
    {
        ArgumentNullException.ThrowIfNull(cluster);
        _cluster = cluster;
        _primary = primary;
    }

    /// <summary>How many destinations may be tried, at most.</summary>
    public int Count => (_primary is null ? 0 : 1) + _cluster.Backups.Length;

    /// <summary>The destination to try at position <paramref name="index"/> (0 is the primary when there is one).</summary>
    public DestinationState this[int index]
    {
        get
        {
            if (_primary is not null)
            {
                if (index == 0)
                {
                    return _primary;
                }

                index--;
            }

            return _cluster.Backups[index];
        }
    }
}
