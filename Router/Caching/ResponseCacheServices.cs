using Microsoft.Extensions.Caching.Distributed;
using Microsoft.Extensions.Caching.Hybrid;
using Microsoft.Extensions.Caching.Memory;
using Microsoft.Extensions.Caching.StackExchangeRedis;
using Microsoft.Extensions.Options;
using SoapRouter.Configuration;
using SoapRouter.Telemetry;

namespace SoapRouter.Caching;

/// <summary>
/// The response cache's registrations in the router's container, like every other part: the size-limited in-process level,
/// Redis (the link, and the distributed cache over it that never fails a request) when <c>cache.redis</c> names it,
/// HybridCache over both, and the <see cref="ResponseCache"/> the pipeline's cache step asks. The container owns and
/// disposes them all.
/// </summary>
internal static class ResponseCacheServices
{
    /// <summary>Registers the response cache of <paramref name="config"/>, the cache section the router started with.</summary>
    public static IServiceCollection AddResponseCache(this IServiceCollection services, CacheConfig config, TimeProvider time)
    {
        ArgumentNullException.ThrowIfNull(config);
        services.AddSingleton(sp => new TrackingMemoryCache(config.MemoryLimitBytes, time, sp.GetRequiredService<RouterStatistics>()));
        services.AddSingleton<IMemoryCache>(sp => sp.GetRequiredService<TrackingMemoryCache>());
        // The validator parsed cache.redis.configuration; a config that reaches here has usable options.
        if (config.Redis is { } redis)
        {
            var options = redis.Connection.Options ?? throw new RouterConfigException("cache.redis.configuration: " + redis.Connection.Error);
            services.AddSingleton(sp => new RedisLink(options, sp.GetRequiredService<ILogger<ResponseCache>>()));
            services.AddSingleton(sp =>
            {
                var link = sp.GetRequiredService<RedisLink>();
                var redisCache = new RedisCache(Options.Create(new RedisCacheOptions
                {
                    ConfigurationOptions = options,
                    InstanceName = "soaprouter:",
                    ConnectionMultiplexerFactory = () => link.Connection,
                }));
                return new ResilientDistributedCache(redisCache, () => link.IsConnected, link.Connection, time, sp.GetRequiredService<ILogger<ResponseCache>>());
            });
            services.AddSingleton<IDistributedCache>(sp => sp.GetRequiredService<ResilientDistributedCache>());
        }

        services.AddHybridCache(options =>
        {
            // Every entry fits memoryLimitBytes (maxEntryBytes may not be larger), plus the serializer's few header bytes.
            options.MaximumPayloadBytes = Math.Min(config.MemoryLimitBytes + 4096, int.MaxValue);
            options.MaximumKeyLength = 8192;
        }).AddSerializer<CachedReply, CachedReplySerializer>();
        services.AddSingleton(sp => new ResponseCache(
            config,
            sp.GetRequiredService<RouterStatistics>(),
            time,
            sp.GetRequiredService<ILogger<ResponseCache>>(),
            sp.GetRequiredService<HybridCache>(),
            sp.GetRequiredService<TrackingMemoryCache>(),
            sp.GetService<RedisLink>(),
            sp.GetService<ResilientDistributedCache>()));
        return services;
    }
}
