namespace SoapRouter.Tests.Support;

/// <summary>A [Fact] that is skipped, saying why, where redis-server is not installed (.ci/run installs it).</summary>
[AttributeUsage(AttributeTargets.Method, AllowMultiple = false)]
public sealed class RedisFactAttribute : FactAttribute
{
    /// <summary>Skips the test when no redis-server is on PATH, /usr/bin or /usr/sbin.</summary>
    public RedisFactAttribute()
    {
        if (RedisServer.Binary is null)
        {
            Skip = "redis-server is not installed (apt-get install redis-server; .ci/run installs it): the Redis tests start a real one.";
        }
    }
}
