namespace SoapRouter.Telemetry;

/// <summary>Why a response cache entry left the in-process cache.</summary>
internal enum CacheRemoval
{
    /// <summary>Replaced by a newer reply for the same key (nothing to count).</summary>
    Replaced,

    /// <summary>Dropped to keep cache.memoryLimitBytes.</summary>
    Evicted,

    /// <summary>Its TTL ended.</summary>
    Expired,

    /// <summary>Dropped by an invalidation.</summary>
    Invalidated,
}
