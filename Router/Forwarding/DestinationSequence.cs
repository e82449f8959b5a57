using SoapRouter.LoadBalancing;

namespace SoapRouter.Forwarding;

/// <summary>
/// The order in which one message tries destinations: the primary the policy chose among the available ones, the
/// other available primaries from there on round the list, then the backups in their configured order (ejected ones
/// skipped unless every backup is ejected). A mutable value over the cluster's arrays; allocates nothing.
/// </summary>
internal struct DestinationSequence
{
    private readonly ClusterState _cluster;
    private readonly DestinationState[] _primaries;
    private readonly bool _primariesInPanic;
    private readonly DestinationState? _first;
    private readonly int _firstIndex;
    private int _primaryStep;
    private int _backupIndex;
    private bool _backupsInPanic;

    /// <summary>Asks <paramref name="cluster"/>'s policy for the first primary and lines up the rest behind it.</summary>
    public DestinationSequence(ClusterState cluster)
    {
        _cluster = cluster;
        _primaries = cluster.AvailablePrimaries(out _primariesInPanic);
        _first = cluster.Policy.Pick(_primaries, cluster.Cursor);
        _firstIndex = _first is null ? -1 : Array.IndexOf(_primaries, _first);
        _primaryStep = 0;
        _backupIndex = 0;
        _backupsInPanic = !AnyBackupAvailable(cluster);
    }

    /// <summary>
    /// The next destination, or null when none is left. <paramref name="pastBreaker"/> is true when the destination is
    /// tried although ejected (too many of its group are out), so its breaker must not refuse the attempt.
    /// </summary>
    public DestinationState? Next(out bool pastBreaker)
    {
        if (_first is not null && _primaryStep < _primaries.Length)
        {
            var index = (_firstIndex + _primaryStep) % _primaries.Length;
            _primaryStep++;
            var primary = _primaries[index];
            pastBreaker = _primariesInPanic && !primary.IsAvailable;
            return primary;
        }

        var backups = _cluster.Backups;
        while (_backupIndex < backups.Length)
        {
            var backup = backups[_backupIndex++];
            if (backup.IsAvailable || _backupsInPanic)
            {
                pastBreaker = !backup.IsAvailable;
                return backup;
            }
        }

        pastBreaker = false;
        return null;
    }

    private static bool AnyBackupAvailable(ClusterState cluster)
    {
        foreach (var backup in cluster.Backups)
        {
            if (backup.IsAvailable)
            {
                return true;
            }
        }

        return cluster.Backups.Length == 0;
    }
}
