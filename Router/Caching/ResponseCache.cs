using System.Text.Json;
using Microsoft.Extensions.Caching.Hybrid;
using SoapRouter.Configuration;
using SoapRouter.Pipeline;
using SoapRouter.Telemetry;

namespace SoapRouter.Caching;

/// <summary>
/// The response cache (issue 23): HybridCache over a size-limited in-process level and, when configured, Redis shared
/// by every replica. Stores a cached action's reply as the bytes the client got; answers the next caller with the
/// same key from them (RelatesTo spliced); lets one backend call answer every caller that misses the same key at once;
/// never stores a fault, a reply over maxEntryBytes or one whose headers forbid it; drops entries by TTL, by
/// invalidation (on every replica, through Redis) and to keep memoryLimitBytes. Redis down: in-process only.
/// </summary>
internal sealed class ResponseCache : IDisposable
{
    private static readonly Func<CacheProduction, CancellationToken, ValueTask<CachedReply>> Produce = ProduceAsync;

    private readonly RouterStatistics _statistics;
    private readonly ILogger _logger;
    private readonly HybridCache _hybrid;
    private readonly TrackingMemoryCache _memory;
    private readonly RedisLink? _redis;
    private readonly ResilientDistributedCache? _shared;
    private readonly IntervalCount _lookupFailures;
    private readonly string _origin = Guid.NewGuid().ToString("N");
    private readonly CacheConfig _started;
    private readonly Lock _reloadGate = new();
    private Dictionary<string, RouteCacheConfig?> _routes = new(StringComparer.Ordinal);
    private static long s_sequence;
    private string _lastFailure = "";
    private long _published;
    private long _received;

    /// <summary>
    /// The cache of <paramref name="config"/> (read at start) over <paramref name="hybrid"/>, whose in-process level is
    /// <paramref name="memory"/> and whose shared level, when configured, is <paramref name="shared"/> over
    /// <paramref name="redis"/>; counts go to <paramref name="statistics"/>. Built by the router's DI
    /// (<see cref="ResponseCacheServices.AddResponseCache"/>), which owns those parts.
    /// </summary>
    public ResponseCache(
        CacheConfig config,
        RouterStatistics statistics,
        TimeProvider time,
        ILogger<ResponseCache> logger,
        HybridCache hybrid,
        TrackingMemoryCache memory,
        RedisLink? redis = null,
        ResilientDistributedCache? shared = null)
    {
        _started = config;
        _statistics = statistics;
        _logger = logger;
        _hybrid = hybrid;
        _memory = memory;
        _redis = redis;
        _shared = shared;
        _lookupFailures = new IntervalCount(time, IntervalCount.DefaultInterval,
            (count, interval) => CacheLog.LookupsFailed(_logger, count, interval, Volatile.Read(ref _lastFailure)));
        if (_redis is not null)
        {
            _ = _redis.SubscribeAsync(OnInvalidationMessage);
        }
    }

    /// <summary>
    /// Answers the request whose key is <paramref name="key"/>: from a stored reply (its RelatesTo set to
    /// <paramref name="messageId"/>), from a backend call another caller has under way, or by running
    /// <paramref name="production"/> and storing its reply when it may be stored.
    /// </summary>
    public async ValueTask<CacheOutcome> ServeAsync(string key, RouteCachePolicy policy, CachedAction action, CacheProduction production, string? messageId)
    {
        ArgumentNullException.ThrowIfNull(production);
        var counters = _statistics.Cache(policy.Route);
        production.Policy = policy;
        production.Action = action;
        var asked = Volatile.Read(ref s_sequence);
        CachedReply? reply;
        try
        {
            // Not cancellable: the call this request makes may be answering others too, and it reads this request's buffers.
            reply = await StoredOrAnswered(
                _hybrid.GetOrCreateAsync(key, production, Produce, policy.EntryOptions, action.Tags, CancellationToken.None), production).ConfigureAwait(false);
        }
        catch (ReplyNotStoredException notStored) when (production.Ran)
        {
            CacheLog.NotStored(_logger, policy.Route, action.Action, notStored.Message);
            counters.NotStore();
            counters.Miss();
            return new CacheOutcome(CacheResult.Miss, production.Answer);
        }
        catch (ReplyNotStoredException)
        {
            // The call this request joined got a reply that is not for others (a fault, say): it asks for itself.
            counters.Miss();
            return new CacheOutcome(CacheResult.Miss, await production.ForwardAsync().ConfigureAwait(false));
        }
        catch (Exception ex) when (!production.Ran || production.Answer is not null)
        {
            // The cache failed (an entry from Redis that does not read, say): the request is answered without it.
            CacheFailed(ex);
            counters.Miss();
            return new CacheOutcome(CacheResult.Miss, production.Ran ? production.Answer : await production.ForwardAsync().ConfigureAwait(false));
        }

        if (production.Ran)
        {
            // Its own backend call answered it (reply null: before the store ended).
            counters.Miss();
            return new CacheOutcome(CacheResult.Miss, production.Answer);
        }

        var answer = ClientAnswer.FromEncoded(CachedReplyWriter.Write(reply!, messageId), isFault: false);
        if (reply!.Sequence > asked)
        {
            counters.Join();
            return new CacheOutcome(CacheResult.Joined, answer);
        }

        counters.Hit();
        return new CacheOutcome(CacheResult.Hit, answer);
    }

    /// <summary>
    /// Drops the entries of <paramref name="route"/> for <paramref name="action"/> (null: every route, every action) here
    /// and, through Redis, on every replica.
    /// </summary>
    public async Task<InvalidationResult> InvalidateAsync(string? route, string? action)
    {
        var dropped = await InvalidateLocallyAsync(route, action, "admin").ConfigureAwait(false);
        var replicas = "local";
        if (_redis is not null)
        {
            var message = JsonSerializer.SerializeToUtf8Bytes(new InvalidationMessage(_origin, route, action), CacheJsonContext.Default.InvalidationMessage);
            replicas = await _redis.PublishAsync(message).ConfigureAwait(false) ? "published" : "unreachable";
            if (replicas == "published")
            {
                Interlocked.Increment(ref _published);
            }
        }

        return new InvalidationResult(route, action, dropped, replicas);
    }

    /// <summary>
    /// Takes a new config version: routes whose cache section changed or went away lose their entries here (every replica
    /// reloads on its own), and a change of the settings read at start is warned about.
    /// </summary>
    public void OnReload(RouterConfig config, long version)
    {
        ArgumentNullException.ThrowIfNull(config);
        if (RestartKeys.Changed(new RouterConfig { Cache = _started }, config, RestartGroup.Cache).Count > 0)
        {
            CacheLog.NeedsRestart(_logger, version);
        }

        var next = new Dictionary<string, RouteCacheConfig?>(StringComparer.Ordinal);
        foreach (var route in config.Routes)
        {
            next[route.Name] = route.Cache;
        }

        Dictionary<string, RouteCacheConfig?> previous;
        lock (_reloadGate)
        {
            previous = _routes;
            _routes = next;
        }

        foreach (var (name, cache) in previous)
        {
            if (cache is not null && !RouteCachePolicy.SameSettings(cache, next.GetValueOrDefault(name)))
            {
                _ = InvalidateLocallyAsync(name, action: null, "reload");
            }
        }
    }

    /// <summary>What the cache holds and counts now.</summary>
    public CacheSnapshot Snapshot()
    {
        var routes = new SortedDictionary<string, CacheRouteSnapshot>(StringComparer.Ordinal);
        long entries = 0;
        long bytes = 0;
        foreach (var (name, counters) in _statistics.AllCaches)
        {
            var snapshot = counters.Snapshot();
            routes[name] = snapshot;
            entries += snapshot.Entries;
            bytes += snapshot.Bytes;
        }

        var redis = _shared is null
            ? null
            : new RedisSnapshot(_shared.Connected, _shared.Hits, _shared.Misses, _shared.Errors, Interlocked.Read(ref _published), Interlocked.Read(ref _received));
        return new CacheSnapshot(_memory.LimitBytes, entries, bytes, redis, routes);
    }

    /// <inheritdoc />
    public void Dispose() => _lookupFailures.Dispose();

    /// <summary>
    /// The reply of <paramref name="lookup"/> (a hit, a joined call, or this request's own call once stored), or null when
    /// this request made the backend call and its answer was ready first: then it is answered at once, and HybridCache
    /// serializes the reply, writes it in process (releasing those who joined) and to Redis after, without it.
    /// </summary>
    private ValueTask<CachedReply?> StoredOrAnswered(ValueTask<CachedReply> lookup, CacheProduction production) =>
        lookup.IsCompletedSuccessfully ? new ValueTask<CachedReply?>(lookup.Result) : StoredOrAnsweredAsync(lookup.AsTask(), production);

    private async ValueTask<CachedReply?> StoredOrAnsweredAsync(Task<CachedReply> stored, CacheProduction production)
    {
        if (await Task.WhenAny(production.Answered, stored).ConfigureAwait(false) == stored)
        {
            return await stored.ConfigureAwait(false);
        }

        _ = ObserveStoreAsync(stored);
        return null;
    }

    /// <summary>The rest of a store whose producer was answered before it ended: a failure is counted and logged, never unobserved.</summary>
    private async Task ObserveStoreAsync(Task<CachedReply> store)
    {
        try
        {
            await store.ConfigureAwait(false);
        }
        catch (Exception ex)
        {
            CacheFailed(ex);
        }
    }

    private void CacheFailed(Exception ex)
    {
        Volatile.Write(ref _lastFailure, ex.GetType().Name + ": " + ex.Message);
        _lookupFailures.Add();
    }

    private static async ValueTask<CachedReply> ProduceAsync(CacheProduction production, CancellationToken cancellationToken)
    {
        production.Ran = true;
        var answer = await production.ForwardAsync().ConfigureAwait(false);
        production.Answer = answer;
        var policy = production.Policy!;
        var reply = Storable(answer, policy, production.Binary, out var reason);
        if (reply is null)
        {
            throw new ReplyNotStoredException(reason!);
        }

        // The reply is the cache's own copy now: the client may have its answer (and the pool its buffer back) while
        // HybridCache stores the copy. Its continuation runs here, so the client is answered first.
        production.SetAnswered();
        return reply;
    }

    /// <summary>
    /// The reply to keep from <paramref name="answer"/>, or null with the reason it is not kept: no answer (the client
    /// left), a fault, anything but a 200 with an envelope, more than maxEntryBytes, backend headers that forbid storing
    /// (Cache-Control no-store/no-cache/private, Pragma no-cache, Set-Cookie), addressing headers the splicers refuse.
    /// </summary>
    private static CachedReply? Storable(ClientAnswer? answer, RouteCachePolicy policy, bool binary, out string? reason)
    {
        reason = answer switch
        {
            null => "the client went away",
            { IsFault: true } => "a fault",
            { Encoded: null } or { Encoded.IsEmpty: true } => "no envelope",
            { Encoded.StatusCode: not StatusCodes.Status200OK } => "HTTP " + answer.Encoded.StatusCode,
            { Encoded.ForbidsStoring: true } => "the backend's HTTP headers forbid storing it",
            { Encoded.ContentType: null } => "no content type",
            _ when answer.Encoded.Length > policy.MaxEntryBytes => $"{answer.Encoded.Length} bytes, over maxEntryBytes ({policy.MaxEntryBytes})",
            _ => null,
        };
        if (reason is not null)
        {
            return null;
        }

        // The one copy the cache keeps, exactly the reply's size; not zeroed first (every byte is written at once).
        var encoded = answer!.Encoded!;
        var bytes = GC.AllocateUninitializedArray<byte>(encoded.Length);
        encoded.Body.Span.CopyTo(bytes);
        var reply = CachedReply.TryCreate(bytes, encoded.ContentType!, binary, Interlocked.Increment(ref s_sequence));
        reason = reply is null ? "its RelatesTo or MessageID cannot be spliced" : null;
        return reply;
    }

    private async Task<int> InvalidateLocallyAsync(string? route, string? action, string source)
    {
        await _hybrid.RemoveByTagAsync(CacheTags.For(route, action)).ConfigureAwait(false);
        var dropped = _memory.RemoveWhere(route, action);
        CacheLog.Invalidated(_logger, route, action, source, dropped);
        return dropped;
    }

    private void OnInvalidationMessage(ReadOnlyMemory<byte> payload)
    {
        InvalidationMessage? message;
        try
        {
            message = JsonSerializer.Deserialize(payload.Span, CacheJsonContext.Default.InvalidationMessage);
        }
        catch (JsonException)
        {
            message = null;
        }

        if (message is null || string.IsNullOrEmpty(message.Origin))
        {
            CacheLog.BadInvalidation(_logger, payload.Length);
            return;
        }

        if (message.Origin == _origin)
        {
            return;
        }

        Interlocked.Increment(ref _received);
        _ = InvalidateLocallyAsync(message.Route, message.Action, "another replica");
    }
}
