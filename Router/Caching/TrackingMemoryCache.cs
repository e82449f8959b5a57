using System.Collections.Concurrent;
using Microsoft.Extensions.Caching.Memory;
using SoapRouter.Telemetry;

namespace SoapRouter.Caching;

/// <summary>
/// The in-process level (L1) HybridCache stores into: a size-limited <see cref="MemoryCache"/> (cache.memoryLimitBytes,
/// each entry sized by its serialized bytes), which this wraps to know what it holds per route. Every committed entry
/// is counted in (entries, bytes) and counted out by its eviction callback with the reason (memory, TTL,
/// invalidation), and an invalidation can drop a route's entries at once instead of waiting for them to be read.
/// </summary>
internal sealed class TrackingMemoryCache : IMemoryCache
{
    private readonly MemoryCache _inner;
    private readonly RouterStatistics _statistics;
    private readonly ConcurrentDictionary<string, EntryRecord> _records = new(StringComparer.Ordinal);
    private readonly PostEvictionDelegate _onEvicted;
    private int _compacting;

    /// <summary>A cache of at most <paramref name="limitBytes"/> bytes whose entries expire by <paramref name="time"/>.</summary>
    public TrackingMemoryCache(long limitBytes, TimeProvider time, RouterStatistics statistics)
    {
        _statistics = statistics;
        LimitBytes = limitBytes;
        _inner = new MemoryCache(new MemoryCacheOptions
        {
            SizeLimit = limitBytes,
            Clock = new TimeProviderClock(time),

            // Expired entries are found when something reads them or by this scan; bytes held should not lag long.
            ExpirationScanFrequency = TimeSpan.FromSeconds(5),

            // The current size, for making room before a commit (MakeRoom).
            TrackStatistics = true,
        });
        _onEvicted = OnEvicted;
    }

    /// <summary>cache.memoryLimitBytes.</summary>
    public long LimitBytes { get; }

    /// <summary>Entries held now, every route.</summary>
    public int Count => _records.Count;

    /// <inheritdoc />
    public bool TryGetValue(object key, out object? value) => _inner.TryGetValue(key, out value);

    /// <inheritdoc />
    public ICacheEntry CreateEntry(object key) => new TrackedEntry(this, _inner.CreateEntry(key));

    /// <inheritdoc />
    public void Remove(object key) => _inner.Remove(key);

    /// <summary>
    /// Drops every entry of <paramref name="route"/> (every route when null) for <paramref name="action"/> (every
    /// action when null); returns how many were dropped.
    /// </summary>
    public int RemoveWhere(string? route, string? action)
    {
        var removed = 0;
        foreach (var (key, record) in _records)
        {
            if ((route is null || string.Equals(record.Route, route, StringComparison.Ordinal))
                && (action is null || string.Equals(record.Action, action, StringComparison.Ordinal)))
            {
                _inner.Remove(key);
                removed++;
            }
        }

        return removed;
    }

    /// <inheritdoc />
    public void Dispose() => _inner.Dispose();

    private void Commit(ICacheEntry entry)
    {
        // HybridCache sizes every entry by its serialized length; one without a size cannot be held under the limit.
        if (entry.Size is not { } size || entry.Key is not string key || !CacheKey.TryParse(key, out var route, out var action))
        {
            entry.Value = null;
            return;
        }

        MakeRoom(size);
        var record = new EntryRecord(_statistics.Cache(route), route, action, size);
        record.Counters.Added(size);
        _records[key] = record;
        entry.RegisterPostEvictionCallback(_onEvicted, record);
        entry.Dispose();
    }

    /// <summary>
    /// Drops the least recently used tenth of the entries (at least one), here and now, when <paramref name="size"/> more bytes would
    /// pass the limit. Left to MemoryCache, a full cache refuses the entry (copied and serialized for nothing), queues a
    /// compaction to the thread pool and refuses every entry until it has run: on a busy machine many entries are refused
    /// and several compactions, each a sort of every entry, are queued for one that would do.
    /// </summary>
    private void MakeRoom(long size)
    {
        if ((_inner.GetCurrentStatistics()?.CurrentEstimatedSize ?? 0) + size <= LimitBytes
            || Interlocked.CompareExchange(ref _compacting, 1, 0) != 0)
        {
            return;
        }

        try
        {
            // Compact takes a share of the entry count, rounded down: at least one entry in a cache of few.
            _inner.Compact(Math.Min(1.0, Math.Max(0.10, 1.5 / Math.Max(1, _inner.Count))));
        }
        finally
        {
            Volatile.Write(ref _compacting, 0);
        }
    }

    private void OnEvicted(object key, object? value, EvictionReason reason, object? state)
    {
        var record = (EntryRecord)state!;

        // A newer entry may have taken the key already: only this entry's own record leaves the table.
        _records.TryRemove(new KeyValuePair<string, EntryRecord>((string)key, record));
        record.Counters.Removed(record.Size, reason switch
        {
            EvictionReason.Capacity => CacheRemoval.Evicted,
            EvictionReason.Expired or EvictionReason.TokenExpired => CacheRemoval.Expired,
            EvictionReason.Removed => CacheRemoval.Invalidated,
            _ => CacheRemoval.Replaced,
        });
    }

    /// <summary>Whose an entry is and what it weighs.</summary>
    private sealed record EntryRecord(CacheCounters Counters, string Route, string Action, long Size);

    /// <summary>The entry HybridCache fills in; committing it (Dispose) goes through the tracking.</summary>
    private sealed class TrackedEntry(TrackingMemoryCache owner, ICacheEntry inner) : ICacheEntry
    {
        private bool _committed;

        public object Key => inner.Key;

        public object? Value
        {
            get => inner.Value;
            set => inner.Value = value;
        }

        public DateTimeOffset? AbsoluteExpiration
        {
            get => inner.AbsoluteExpiration;
            set => inner.AbsoluteExpiration = value;
        }

        public TimeSpan? AbsoluteExpirationRelativeToNow
        {
            get => inner.AbsoluteExpirationRelativeToNow;
            set => inner.AbsoluteExpirationRelativeToNow = value;
        }

        public TimeSpan? SlidingExpiration
        {
            get => inner.SlidingExpiration;
            set => inner.SlidingExpiration = value;
        }

        public IList<Microsoft.Extensions.Primitives.IChangeToken> ExpirationTokens => inner.ExpirationTokens;

        public IList<PostEvictionCallbackRegistration> PostEvictionCallbacks => inner.PostEvictionCallbacks;

        public CacheItemPriority Priority
        {
            get => inner.Priority;
            set => inner.Priority = value;
        }

        public long? Size
        {
            get => inner.Size;
            set => inner.Size = value;
        }

        public void Dispose()
        {
            if (!_committed)
            {
                _committed = true;
                owner.Commit(inner);
            }
        }
    }
}
