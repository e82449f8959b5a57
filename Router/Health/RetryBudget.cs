namespace SoapRouter.Health;

/// <summary>
/// A cluster's retry budget: retries in flight may be at most a share of the requests in flight (or a small fixed
/// number, whichever is more). Carried over reloads like the cluster's load-balancing cursor.
/// </summary>
internal sealed class RetryBudget
{
    private int _active;
    private int _activeRetries;
    private long _denied;

    /// <summary>Requests of the cluster being forwarded now.</summary>
    public int Active => Volatile.Read(ref _active);

    /// <summary>Retries being made now.</summary>
    public int ActiveRetries => Volatile.Read(ref _activeRetries);

    /// <summary>Retries refused since start.</summary>
    public long Denied => Interlocked.Read(ref _denied);

    /// <summary>Counts a message as being forwarded; pair with <see cref="EndRequest"/>.</summary>
    public void BeginRequest() => Interlocked.Increment(ref _active);

    /// <summary>Counts a message as done.</summary>
    public void EndRequest() => Interlocked.Decrement(ref _active);

    /// <summary>
    /// Takes a retry slot when the budget allows (<paramref name="budgetPercent"/> of the requests in flight, at least
    /// <paramref name="minRetryConcurrency"/>); pair a true answer with <see cref="EndRetry"/>.
    /// </summary>
    public bool TryBeginRetry(int budgetPercent, int minRetryConcurrency)
    {
        var allowed = Math.Max(minRetryConcurrency, (int)((long)Active * budgetPercent / 100));
        if (Interlocked.Increment(ref _activeRetries) <= allowed)
        {
            return true;
        }

        Interlocked.Decrement(ref _activeRetries);
        Interlocked.Increment(ref _denied);
        return false;
    }

    /// <summary>Gives a retry slot back.</summary>
    public void EndRetry() => Interlocked.Decrement(ref _activeRetries);
}
