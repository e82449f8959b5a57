namespace SoapRouter.Caching;

/// <summary>The response cache's log events.</summary>
internal static partial class CacheLog
{
    /// <summary>Redis failed or was unreachable; one line per interval with the count, never per request.</summary>
    [LoggerMessage(EventId = 1801, Level = LogLevel.Warning,
        Message = "Response cache: Redis unavailable, {Count} command(s) in the last {Interval} skipped or failed ({Reason}); serving from the in-process cache alone")]
    public static partial void RedisUnavailable(ILogger logger, long count, TimeSpan interval, string reason);

    /// <summary>The Redis connection came up, went down or came back.</summary>
    [LoggerMessage(EventId = 1802, Level = LogLevel.Information, Message = "Response cache: Redis connection {State} ({Endpoint})")]
    public static partial void RedisConnection(ILogger logger, string state, string endpoint);

    /// <summary>The Redis connection was lost.</summary>
    [LoggerMessage(EventId = 1808, Level = LogLevel.Warning, Message = "Response cache: Redis connection lost ({Failure}, {Endpoint}); serving from the in-process cache alone")]
    public static partial void RedisLost(ILogger logger, StackExchange.Redis.ConnectionFailureType failure, string endpoint);

    /// <summary>The invalidation channel could not be subscribed yet; the connection subscribes when it comes up.</summary>
    [LoggerMessage(EventId = 1809, Level = LogLevel.Information, Message = "Response cache: the invalidation channel will be subscribed once Redis answers ({Endpoint})")]
    public static partial void NotSubscribedYet(ILogger logger, string endpoint, Exception exception);

    /// <summary>A reply was fetched but not stored.</summary>
    [LoggerMessage(EventId = 1803, Level = LogLevel.Debug, Message = "Response cache: route {Route} action {Action}: reply not stored ({Reason})")]
    public static partial void NotStored(ILogger logger, string route, string action, string reason);

    /// <summary>The cache itself failed on a lookup (the request was forwarded uncached) or on a store after its request was answered.</summary>
    [LoggerMessage(EventId = 1804, Level = LogLevel.Warning,
        Message = "Response cache: {Count} lookup(s) or store(s) in the last {Interval} failed; their requests were answered without the cache ({Reason})")]
    public static partial void LookupsFailed(ILogger logger, long count, TimeSpan interval, string reason);

    /// <summary>Entries were invalidated.</summary>
    [LoggerMessage(EventId = 1805, Level = LogLevel.Information,
        Message = "Response cache: invalidated route {Route} action {Action} (none: all) from {Source}, {Dropped} in-process entries dropped")]
    public static partial void Invalidated(ILogger logger, string? route, string? action, string source, int dropped);

    /// <summary>A reload changed cache settings that are read at start.</summary>
    [LoggerMessage(EventId = 1806, Level = LogLevel.Warning,
        Message = "Config version {ConfigVersion} changes cache.memoryLimitBytes or cache.redis, which are read at start; they take effect after a restart")]
    public static partial void NeedsRestart(ILogger logger, long configVersion);

    /// <summary>A message on the invalidation channel could not be read.</summary>
    [LoggerMessage(EventId = 1807, Level = LogLevel.Warning, Message = "Response cache: ignored an invalidation message that is not one ({Length} bytes)")]
    public static partial void BadInvalidation(ILogger logger, int length);
}
