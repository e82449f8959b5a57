namespace SoapRouter.Health;

/// <summary>
/// A cluster's retry budget over a sliding window (as Finagle's and gRPC's retry throttling): the retries made in the
/// last <see cref="Window"/> may be at most a share of the requests forwarded in it, plus a small allowance per second
/// so that a quiet cluster can still retry. While every destination fails, retries add at most that share to the load
/// (they cannot multiply an outage); a burst of resets when one destination dies (every request in flight on it at
/// once) is absorbed, which a budget on retries in flight at this instant could not do.
/// Carried over reloads like the cluster's load-balancing cursor. Counts are approximate under races (a count may land
/// in a second being recycled); they bound load, they are not accounting.
/// </summary>
internal sealed class RetryBudget
{
    /// <summary>How far back requests and retries are counted.</summary>
    public static readonly TimeSpan Window = TimeSpan.FromSeconds(10);

    private const int Requests = 0;
    private const int Retries = 1;

    private readonly RollingCounts _counts;
    private long _denied;

    /// <summary>A budget on <paramref name="time"/>'s clock (the system clock when null).</summary>
    public RetryBudget(TimeProvider? time = null) => _counts = new RollingCounts(Window, 2, time);

    /// <summary>Retries refused since start.</summary>
    public long Denied => Interlocked.Read(ref _denied);

    /// <summary>Requests counted in the window.</summary>
    public long RecentRequests => _counts.Sum(Requests);

    /// <summary>Retries counted in the window.</summary>
    public long RecentRetries => _counts.Sum(Retries);

    /// <summary>Counts a message as being forwarded (its first attempt).</summary>
    public void RecordRequest() => _counts.Add(Requests);

    /// <summary>
    /// Counts a retry when the budget allows it: fewer retries in the window than <paramref name="budgetPercent"/> of
    /// its requests plus <paramref name="minRetriesPerSecond"/> for each of its seconds.
    /// </summary>
    public bool TryRecordRetry(int budgetPercent, int minRetriesPerSecond)
    {
        var allowed = (RecentRequests * budgetPercent / 100) + ((long)minRetriesPerSecond * (long)Window.TotalSeconds);
        if (RecentRetries < allowed)
        {
            _counts.Add(Retries);
            return true;
        }

        Interlocked.Increment(ref _denied);
        return false;
    }
}
