using SoapRouter.Configuration;
using static SoapRouter.Tests.Configuration.TestConfigs;

namespace SoapRouter.Tests.Configuration;

public sealed class CacheValidationTests
{
    private const string GetOrders = "http://tempuri.org/IOrderService/GetOrders";

    [Fact]
    public void Validate_TheIssuesExample_IsValid()
    {
        var result = RouterConfigLoader.Parse("""
            {
              "listeners": [ { "name": "s", "binding": "soap12Http", "address": "http://127.0.0.1:8080/s" } ],
              "routes": [ { "name": "orders", "filters": [ { "type": "matchAll" } ], "cluster": "c",
                            "idempotentActions": [ "http://tempuri.org/IOrderService/GetOrders" ],
                            "cache": { "actions": [ "http://tempuri.org/IOrderService/GetOrders" ],
                                       "ttl": "00:00:30", "maxEntryBytes": 4194304,
                                       "varyByHeaders": [ "{urn:tenant}TenantId" ],
                                       "varyByClientCertificate": true } } ],
              "clusters": { "c": { "destinations": [ { "name": "d", "address": "http://127.0.0.1:9080/soap12", "binding": "soap12Http" } ] } },
              "cache": { "memoryLimitBytes": 134217728, "redis": { "configuration": "redis:6379" }, "exposeHeader": true }
            }
            """);

        Assert.True(result.Succeeded, string.Join(Environment.NewLine, result.Errors));
        var cache = result.Config!.Routes[0].Cache!;
        Assert.Equal(TimeSpan.FromSeconds(30), cache.Ttl);
        Assert.Equal(["{urn:tenant}TenantId"], cache.VaryByHeaders);
        Assert.Equal("redis:6379", result.Config.Cache.Redis!.Configuration);
        Assert.True(result.Config.Cache.ExposeHeader);
    }

    [Fact]
    public void Validate_CachedActionNotIdempotent_NamesTheRule() =>
        AssertSingleError(WithCache(new RouteCacheConfig { Actions = [GetOrders] }, idempotent: []), "routes[0].cache.actions[0]", "is not among the route's idempotentActions");

    [Fact]
    public void Validate_CachedActionWithIdempotentWildcard_IsValid() =>
        Assert.Empty(Errors(WithCache(new RouteCacheConfig { Actions = [GetOrders] }, idempotent: ["*"])));

    [Fact]
    public void Validate_EveryCacheError_IsReportedAtOnce_WithItsPath()
    {
        var config = WithCache(
            new RouteCacheConfig
            {
                Actions = ["*", "urn:oneway", ""],
                Ttl = TimeSpan.Zero,
                MaxEntryBytes = 1L << 40,
                VaryByHeaders = ["{urn:tenant", "{urn:tenant}not a name", "{urn:tenant}TenantId"],
            },
            idempotent: ["*"]) with
        {
            Cache = new CacheConfig { Redis = new RedisCacheConfig { Configuration = "redis:6379,bogusKeyword=1" } },
        };
        var withOneWay = config with { Routes = [config.Routes[0] with { OneWayActions = ["urn:oneway"] }] };

        var errors = Errors(withOneWay);

        AssertHasError(errors, "routes[0].cache.actions[0]", "'*' is not allowed here");
        AssertHasError(errors, "routes[0].cache.actions[1]", "one of the route's oneWayActions");
        AssertHasError(errors, "routes[0].cache.actions[2]", "is required");
        AssertHasError(errors, "routes[0].cache.ttl", "must be greater than 00:00:00");
        AssertHasError(errors, "routes[0].cache.maxEntryBytes", "larger than cache.memoryLimitBytes");
        AssertHasError(errors, "routes[0].cache.varyByHeaders[0]", "has no '}'");
        AssertHasError(errors, "routes[0].cache.varyByHeaders[1]", "is not an XML local name");
        AssertHasError(errors, "cache.redis.configuration", "is not a StackExchange.Redis configuration string");
        Assert.Equal(8, errors.Count);
    }

    [Fact]
    public void Validate_NoActions_MemoryLimitZero_AndRedisFromAnUnsetVariable_AreErrors()
    {
        var config = WithCache(new RouteCacheConfig(), idempotent: ["*"]) with
        {
            Cache = new CacheConfig { MemoryLimitBytes = 0, Redis = new RedisCacheConfig { Configuration = "env:SOAPROUTER_TEST_REDIS_UNSET" } },
        };

        var errors = Errors(config);

        AssertHasError(errors, "routes[0].cache.actions", "at least one action is required");
        AssertHasError(errors, "cache.memoryLimitBytes", "must be greater than 0");
        AssertHasError(errors, "cache.redis.configuration", "environment variable 'SOAPROUTER_TEST_REDIS_UNSET' is not set");
    }

    [Fact]
    public void Validate_NoVaryByCertificate_OnARestrictedRoute_IsAWarning()
    {
        var config = WithCache(new RouteCacheConfig { Actions = [GetOrders], VaryByClientCertificate = false }, idempotent: [GetOrders]);
        config = config with { Routes = [config.Routes[0] with { AllowedClientCertificates = [new ClientCertificateRule { Subject = "CN=partner-a" }] }] };

        var result = RouterConfigValidator.Validate(config);

        Assert.Empty(result.Errors);
        Assert.Contains(result.Warnings, w => w.StartsWith("routes[0].cache.varyByClientCertificate: ", StringComparison.Ordinal));
    }

    [Fact]
    public void Load_UnknownCacheKey_IsAnError()
    {
        var json = ToJson(WithCache(new RouteCacheConfig { Actions = [GetOrders] }, idempotent: [GetOrders]))
            .Replace("\"ttl\":", "\"timeToLive\": \"00:00:01\", \"ttl\":", StringComparison.Ordinal);

        var error = Assert.Single(RouterConfigLoader.Parse(json).Errors);

        Assert.Contains("routes[0].cache.timeToLive", error, StringComparison.Ordinal);
    }

    private static RouterConfig WithCache(RouteCacheConfig cache, string[] idempotent) =>
        Valid() with { Routes = [Route("r", "echo", MatchAll()) with { IdempotentActions = idempotent, Cache = cache }] };
}
