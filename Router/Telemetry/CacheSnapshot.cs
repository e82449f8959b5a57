namespace SoapRouter.Telemetry;

/// <summary>The response cache at one moment (GET /stats <c>cache</c>).</summary>
/// <param name="MemoryLimitBytes">cache.memoryLimitBytes.</param>
/// <param name="Entries">Entries the in-process cache holds now, all routes.</param>
/// <param name="Bytes">Bytes they hold.</param>
/// <param name="Redis">The shared L2, when one is configured.</param>
/// <param name="Routes">Per caching route.</param>
internal sealed record CacheSnapshot(
    long MemoryLimitBytes,
    long Entries,
    long Bytes,
    [property: System.Text.Json.Serialization.JsonIgnore(Condition = System.Text.Json.Serialization.JsonIgnoreCondition.WhenWritingNull)]
    RedisSnapshot? Redis,
    IReadOnlyDictionary<string, CacheRouteSnapshot> Routes);
