namespace SoapRouter.Configuration;

/// <summary>cache.redis: the Redis server every replica shares as its second-level cache and invalidation channel.</summary>
public sealed record RedisCacheConfig
{
    /// <summary>
    /// A StackExchange.Redis configuration string (<c>redis:6379</c>, <c>10.0.0.5:6379,password=...,ssl=true</c>), or
    /// <c>env:NAME</c> to read the whole string from the environment (so a password stays out of the file).
    /// </summary>
    public string Configuration { get; init; } = "";
}
