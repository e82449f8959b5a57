using SoapRouter.LoadBalancing;

namespace SoapRouter.Admin;

/// <summary>
/// Reports <see cref="HealthStatus.Degraded"/> when some cluster has every destination failing: each has at least
/// <c>failureThreshold</c> failures since its last success. A stand-in until active health checks exist.
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
        ArgumentNullException.ThrowIfNull(clusters);
        ArgumentNullException.ThrowIfNull(configVersion);
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
            if (destination.ConsecutiveFailures < _failureThreshold)
            {
                return false;
            }
        }

        foreach (var destination in cluster.Backups)
        {
            if (destination.ConsecutiveFailures < _failureThreshold)
            {
                return false;
            }
        }

        return true;
    }
}
