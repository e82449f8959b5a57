namespace SoapRouter.Configuration;

/// <summary>Validation of the process-wide cache section (each route's cache section is a route key: <see cref="RouteCacheRules"/>).</summary>
internal static class CacheRules
{
    /// <summary>Checks the cache section.</summary>
    public static void Check(RouterConfig config, ConfigValidationContext context)
    {
        var cache = config.Cache;
        context.RequirePositive(cache.MemoryLimitBytes, "cache.memoryLimitBytes");
        if (cache.Redis is { } redis)
        {
            CheckRedis(redis, context);
        }
    }

    private static void CheckRedis(RedisCacheConfig redis, ConfigValidationContext context)
    {
        const string path = "cache.redis.configuration";
        if (!context.Require(redis.Configuration, path))
        {
            return;
        }

        if (redis.Connection.Error is { } error)
        {
            context.Error(path, error);
        }
    }
}
