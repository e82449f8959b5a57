namespace SoapRouter.Telemetry;

/// <summary>
/// One route's response cache counters: lookups by outcome, replies not stored, entries dropped by reason, and what
/// the in-process cache holds for the route now. Lock-free; the cache updates them, /stats and /metrics read them.
/// </summary>
internal sealed class CacheCounters
{
    private long _hits;
    private long _misses;
    private long _joins;
    private long _notStored;
    private long _evictions;
    private long _expirations;
    private long _invalidations;
    private long _entries;
    private long _bytes;

    /// <summary>Answered from a stored reply, no backend call.</summary>
    public long Hits => Interlocked.Read(ref _hits);

    /// <summary>Answered by a backend call of their own (stored or not).</summary>
    public long Misses => Interlocked.Read(ref _misses);

    /// <summary>Answered with the reply of another caller's backend call that was under way when they asked (stampede protection).</summary>
    public long Joins => Interlocked.Read(ref _joins);

    /// <summary>Replies fetched but not stored (a fault, too large, a header that forbids it, ...).</summary>
    public long NotStored => Interlocked.Read(ref _notStored);

    /// <summary>Entries dropped, or refused, to keep cache.memoryLimitBytes.</summary>
    public long Evictions => Interlocked.Read(ref _evictions);

    /// <summary>Entries dropped at the end of their TTL.</summary>
    public long Expirations => Interlocked.Read(ref _expirations);

    /// <summary>Entries dropped by POST /cache/invalidate or a reload that changed the route's cache.</summary>
    public long Invalidations => Interlocked.Read(ref _invalidations);

    /// <summary>Entries the in-process cache holds for the route now.</summary>
    public long Entries => Interlocked.Read(ref _entries);

    /// <summary>Bytes those entries hold (their serialized size).</summary>
    public long Bytes => Interlocked.Read(ref _bytes);

    /// <summary>Counts a hit.</summary>
    public void Hit() => Interlocked.Increment(ref _hits);

    /// <summary>Counts a miss.</summary>
    public void Miss() => Interlocked.Increment(ref _misses);

    /// <summary>Counts a stampede join.</summary>
    public void Join() => Interlocked.Increment(ref _joins);

    /// <summary>Counts a reply that was not stored.</summary>
    public void NotStore() => Interlocked.Increment(ref _notStored);

    /// <summary>Counts an entry of <paramref name="size"/> bytes coming in.</summary>
    public void Added(long size)
    {
        Interlocked.Increment(ref _entries);
        Interlocked.Add(ref _bytes, size);
    }

    /// <summary>Counts an entry of <paramref name="size"/> bytes leaving, and why.</summary>
    public void Removed(long size, CacheRemoval why)
    {
        Interlocked.Decrement(ref _entries);
        Interlocked.Add(ref _bytes, -size);
        switch (why)
        {
            case CacheRemoval.Evicted:
                Interlocked.Increment(ref _evictions);
                break;
            case CacheRemoval.Expired:
                Interlocked.Increment(ref _expirations);
                break;
            case CacheRemoval.Invalidated:
                Interlocked.Increment(ref _invalidations);
                break;
        }
    }

    /// <summary>Counts an entry refused for want of room (never held).</summary>
    public void Refused() => Interlocked.Increment(ref _evictions);

    /// <summary>Reads the counters (each atomically, not all together).</summary>
    public CacheRouteSnapshot Snapshot() =>
        new(Hits, Misses, Joins, NotStored, Evictions, Expirations, Invalidations, Entries, Bytes);
}
