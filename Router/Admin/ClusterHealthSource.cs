using SoapRouter.Health;
using SoapRouter.LoadBalancing;

namespace SoapRouter.Admin;

/// <summary>
/// Reports <see cref="HealthStatus.Degraded"/> when some cluster has no destination left: each is ejected, failing its
/// probes, or has at least <c>failureThreshold</c> failures since its last success. Lists every destination's health.
/// </summary>
internal sealed class ClusterHealthSource : IHealthSource
{
    private readonly Func<IReadOnlyDictionary<string, ClusterState>> _clusters;
    private readonly Func<long> _configVersion;
    private readonly int _failureThreshold;

    /// <summary>
    /// Reads the current cluster states and config version through the two delegates, so it always sees the
    /// snapshot in use after a reload.
    /// </summary>
    public ClusterHealthSource(Func<IReadOnlyDictionary<string, ClusterState>> clusters, Func<long> configVersion, int failureThreshold = 3)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(failureThreshold, 1);
        _clusters = clusters;
        _configVersion = configVersion;
        _failureThreshold = failureThreshold;
    }

    /// <inheritdoc />
    public long ConfigVersion => _configVersion();

    /// <inheritdoc />
    public HealthStatus GetStatus()
    {
        foreach (var cluster in _clusters().Values)
        {
            if (AllFailing(cluster))
            {
                return HealthStatus.Degraded;
            }
        }

        return HealthStatus.Ok;
    }

    private bool AllFailing(ClusterState cluster)
    {
        if (cluster.Primaries.Length + cluster.Backups.Length == 0)
        {
            return false;
        }

        foreach (var destination in cluster.Primaries)
        {
            if (IsUp(destination))
            {
                return false;
            }
        }

        foreach (var destination in cluster.Backups)
        {
            if (IsUp(destination))
            {
                return false;
            }
        }

        return true;
    }

    /// <summary>Every destination of the clusters in use, by name.</summary>
    public IReadOnlyDictionary<string, DestinationHealthSnapshot> GetDestinations()
    {
        var result = new SortedDictionary<string, DestinationHealthSnapshot>(StringComparer.Ordinal);
        foreach (var cluster in _clusters().Values)
        {
            Add(cluster.Primaries, result);
            Add(cluster.Backups, result);
        }

        return result;
    }

    private static void Add(ReadOnlySpan<DestinationState> destinations, SortedDictionary<string, DestinationHealthSnapshot> result)
    {
        foreach (var destination in destinations)
        {
            var health = destination.Health;
            result.TryAdd(destination.Name, new DestinationHealthSnapshot(
                health?.State ?? "healthy", health?.Ejections ?? 0, health?.EjectedUntil, destination.ConsecutiveFailures));
        }
    }

    private bool IsUp(DestinationState destination) =>
        destination.IsAvailable && destination.ConsecutiveFailures < _failureThreshold;
}
