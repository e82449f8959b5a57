namespace SoapRouter.Configuration;

/// <summary>
/// The process-wide part of the response cache: its memory, the optional Redis every replica shares, and whether
/// clients are told HIT or MISS. memoryLimitBytes and redis are read at start; exposeHeader follows reloads.
/// </summary>
public sealed record CacheConfig
{
    /// <summary>Bytes the in-process cache (L1) may hold across all routes; entries are evicted to stay under it. Default 64 MiB.</summary>
    public long MemoryLimitBytes { get; init; } = 64L << 20;

    /// <summary>The shared second level (L2); null: in-process only.</summary>
    public RedisCacheConfig? Redis { get; init; }

    /// <summary>True: HTTP listeners answer cached actions with <c>X-Cache: HIT</c> or <c>X-Cache: MISS</c>.</summary>
    public bool ExposeHeader { get; init; }
}
