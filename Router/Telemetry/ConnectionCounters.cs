namespace SoapRouter.Telemetry;

/// <summary>
/// The connections of one listener endpoint: live ones against its limit, those refused at the limit, failures of its
/// accept loop (a failing streak is timed, so health can tell a blip from a listener that cannot accept), and its
/// waits for file descriptors (limits.fileDescriptorReserve). Timestamps are <see cref="TimeProvider.GetTimestamp"/>
/// values; 0 means never.
/// </summary>
internal sealed class ConnectionCounters(string listeners, int limit)
{
    private int _live;
    private long _accepted;
    private long _rejected;
    private long _acceptErrors;
    private long _lastRejectedAt;
    private long _failingSince;
    private long _lastAcceptErrorAt;
    private long _reservePauses;
    private int _waitingForReserve;

    /// <summary>The names of the listeners sharing the endpoint.</summary>
    public string Listeners { get; } = listeners;

    /// <summary>Connections held at once before more are refused.</summary>
    public int Limit { get; } = limit;

    /// <summary>Connections open now.</summary>
    public int Live => Volatile.Read(ref _live);

    /// <summary>When the last connection was refused at the limit; 0 if never.</summary>
    public long LastRejectedAt => Interlocked.Read(ref _lastRejectedAt);

    /// <summary>When the current streak of accept failures began; 0 when the last accept worked.</summary>
    public long FailingSince => Interlocked.Read(ref _failingSince);

    /// <summary>When accepting last failed; 0 if never.</summary>
    public long LastAcceptErrorAt => Interlocked.Read(ref _lastAcceptErrorAt);

    /// <summary>True while an accept loop of the endpoint waits for file descriptors to keep the reserve.</summary>
    public bool WaitingForReserve => Volatile.Read(ref _waitingForReserve) > 0;

    /// <summary>Counts a new connection in if the endpoint is under its limit; pair true with <see cref="Closed"/>.</summary>
    public bool TryOpen()
    {
        if (Interlocked.Increment(ref _live) <= Limit)
        {
            Interlocked.Increment(ref _accepted);
            return true;
        }

        Interlocked.Decrement(ref _live);
        return false;
    }

    /// <summary>A connection counted in by <see cref="TryOpen"/> ended.</summary>
    public void Closed() => Interlocked.Decrement(ref _live);

    /// <summary>A connection was refused at the limit at <paramref name="now"/>.</summary>
    public void Rejected(long now)
    {
        Interlocked.Increment(ref _rejected);
        Interlocked.Exchange(ref _lastRejectedAt, Math.Max(now, 1));
    }

    /// <summary>The accept loop failed at <paramref name="now"/> (e.g. out of file descriptors).</summary>
    public void AcceptFailed(long now)
    {
        Interlocked.Increment(ref _acceptErrors);
        // 0 means never, so a clock that starts at 0 (a test's) still records the moment.
        now = Math.Max(now, 1);
        Interlocked.Exchange(ref _lastAcceptErrorAt, now);
        Interlocked.CompareExchange(ref _failingSince, now, 0);
    }

    /// <summary>The accept loop took a connection: any failing streak is over.</summary>
    public void AcceptSucceeded()
    {
        if (Interlocked.Read(ref _failingSince) != 0)
        {
            Interlocked.Exchange(ref _failingSince, 0);
        }
    }

    /// <summary>An accept loop stopped accepting to keep the file-descriptor reserve; pair with <see cref="ReserveWaitEnded"/>.</summary>
    public void ReserveWaitStarted()
    {
        Interlocked.Increment(ref _reservePauses);
        Interlocked.Increment(ref _waitingForReserve);
    }

    /// <summary>That accept loop goes on (or was unbound).</summary>
    public void ReserveWaitEnded() => Interlocked.Decrement(ref _waitingForReserve);

    /// <summary>The counters now, for /stats.</summary>
    public ConnectionsSnapshot Snapshot() => new(
        Listeners,
        Limit == int.MaxValue ? null : Limit,
        Live,
        Interlocked.Read(ref _accepted),
        Interlocked.Read(ref _rejected),
        Interlocked.Read(ref _acceptErrors),
        Interlocked.Read(ref _reservePauses),
        FailingSince == 0 && !WaitingForReserve);
}
