using SoapRouter.Configuration;

namespace SoapRouter.Tests.Configuration;

public sealed class RestartKeysTests
{
    [Fact]
    public void Changed_NamesTheGroupsChangedKeysOnly()
    {
        var started = new RouterConfig { Admin = new AdminConfig { Address = "http://localhost:9000" } };
        var current = started with
        {
            Limits = started.Limits with { MaxConnections = 5, MaxMessageSize = 10 },
            Admin = new AdminConfig { Address = "HTTP://LOCALHOST:9000" },
            Cache = started.Cache with { MemoryLimitBytes = 1 },
        };

        Assert.Equal(["limits.maxConnections"], RestartKeys.Changed(started, current, RestartGroup.ConnectionLimits));
        Assert.Equal(["cache.memoryLimitBytes"], RestartKeys.Changed(started, current, RestartGroup.Cache));
        Assert.Empty(RestartKeys.Changed(started, current, RestartGroup.AdminAddress));
        Assert.Empty(RestartKeys.Changed(started, current, RestartGroup.Listeners));
    }

    [Fact]
    public void RedisSection_EqualByItsString_AndParsedOnce()
    {
        var redis = new RedisCacheConfig { Configuration = "localhost:6379" };

        Assert.Equal(redis, new RedisCacheConfig { Configuration = "localhost:6379" });
        Assert.Same(redis.Connection, redis.Connection);
        Assert.NotNull(redis.Connection.Options);
        Assert.NotNull((redis with { Configuration = "" }).Connection.Error);
    }
}
