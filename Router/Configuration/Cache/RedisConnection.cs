using StackExchange.Redis;
using SoapRouter.Caching;

namespace SoapRouter.Configuration;

/// <summary>cache.redis.configuration resolved (env:NAME) and parsed: the options the cache connects with, or why not.</summary>
/// <param name="Source">The configuration string as written in router.json.</param>
/// <param name="Options">The parsed options; null when <paramref name="Error"/> says why.</param>
/// <param name="Error">Why the string is unusable, never repeating it (it may hold a password); null when parsed.</param>
internal sealed record RedisConnection(string Source, ConfigurationOptions? Options, string? Error)
{
    /// <summary>Resolves and parses <paramref name="configuration"/>.</summary>
    public static RedisConnection Parse(string configuration)
    {
        if (!SecretValue.TryResolve(configuration, out var resolved, out var error))
        {
            return new(configuration, null, error);
        }

        return RedisOptions.TryParse(resolved!, out var options, out var parseError)
            ? new(configuration, options, null)
            : new(configuration, null, parseError);
    }
}
