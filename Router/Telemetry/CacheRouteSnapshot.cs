namespace SoapRouter.Telemetry;

/// <summary>One route's response cache counters at one moment (GET /stats <c>cache.routes</c>).</summary>
/// <param name="Hits">Answered from a stored reply.</param>
/// <param name="Misses">Answered by a backend call of their own.</param>
/// <param name="Joins">Answered with another caller's backend call that was under way (stampede protection).</param>
/// <param name="NotStored">Replies fetched but not stored.</param>
/// <param name="Evictions">Entries dropped or refused to keep cache.memoryLimitBytes.</param>
/// <param name="Expirations">Entries dropped at the end of their TTL.</param>
/// <param name="Invalidations">Entries dropped by an invalidation.</param>
/// <param name="Entries">Entries held now.</param>
/// <param name="Bytes">Bytes held now.</param>
internal sealed record CacheRouteSnapshot(
    long Hits, long Misses, long Joins, long NotStored, long Evictions, long Expirations, long Invalidations, long Entries, long Bytes);
