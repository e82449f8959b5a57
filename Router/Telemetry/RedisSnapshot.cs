namespace SoapRouter.Telemetry;

/// <summary>The response cache's Redis (GET /stats <c>cache.redis</c>).</summary>
/// <param name="Connected">True while the connection is up; when false the router serves from its in-process cache alone.</param>
/// <param name="Hits">Reads Redis answered with an entry (another replica's, or one this process's memory had dropped).</param>
/// <param name="Misses">Reads Redis answered with nothing.</param>
/// <param name="Errors">Commands that failed or were skipped while Redis was unreachable (never a failed client request).</param>
/// <param name="InvalidationsPublished">Invalidations this replica sent to the others.</param>
/// <param name="InvalidationsReceived">Invalidations other replicas sent to this one.</param>
internal sealed record RedisSnapshot(bool Connected, long Hits, long Misses, long Errors, long InvalidationsPublished, long InvalidationsReceived);
