using System.Diagnostics.CodeAnalysis;
using StackExchange.Redis;

namespace SoapRouter.Caching;

/// <summary>cache.redis.configuration read as StackExchange.Redis options, with what the router needs of them.</summary>
internal static class RedisOptions
{
    /// <summary>connectTimeout and asyncTimeout when the configuration string does not set them.</summary>
    public const int DefaultTimeoutMilliseconds = 1000;

    /// <summary>
    /// Parses <paramref name="configuration"/> (already resolved from env:NAME); false with a reason that never repeats
    /// the string (it may hold a password). The router starts and serves without Redis, so a connection that fails is
    /// retried in the background rather than ending the start.
    /// </summary>
    public static bool TryParse(string configuration, [NotNullWhen(true)] out ConfigurationOptions? options, [NotNullWhen(false)] out string? error)
    {
        options = null;
        try
        {
            var parsed = ConfigurationOptions.Parse(configuration);
            if (parsed.EndPoints.Count == 0)
            {
                error = "names no Redis server (write host:port, e.g. redis:6379)";
                return false;
            }

            parsed.AbortOnConnectFail = false;
            parsed.ClientName ??= "soaprouter";

            // StackExchange.Redis waits 5 s by default; a Redis that hangs should cost a miss much sooner than that.
            if (!configuration.Contains("connectTimeout=", StringComparison.OrdinalIgnoreCase))
            {
                parsed.ConnectTimeout = DefaultTimeoutMilliseconds;
            }

            if (!configuration.Contains("asyncTimeout=", StringComparison.OrdinalIgnoreCase))
            {
                parsed.AsyncTimeout = DefaultTimeoutMilliseconds;
            }

            options = parsed;
            error = null;
            return true;
        }
        catch (ArgumentException ex)
        {
            // StackExchange.Redis names the keyword or value it refused, never the rest of the string.
            error = "is not a StackExchange.Redis configuration string: " + ex.Message;
            return false;
        }
    }
}
