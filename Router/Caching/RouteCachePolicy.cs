using System.Collections.Frozen;
using Microsoft.Extensions.Caching.Hybrid;
using SoapRouter.Configuration;

namespace SoapRouter.Caching;

/// <summary>
/// A route's response cache as one config version has it: which actions, for how long, how large, and what besides
/// the body is part of the key. Built with the route, so a reload that changes any of it takes effect at once.
/// </summary>
internal sealed class RouteCachePolicy
{
    private readonly FrozenDictionary<string, CachedAction> _actions;

    /// <summary>The policy of route <paramref name="route"/>, from its validated <paramref name="config"/>.</summary>
    public RouteCachePolicy(string route, RouteCacheConfig config)
    {
        Route = route;
        Config = config;
        _actions = config.Actions.Distinct(StringComparer.Ordinal)
            .ToFrozenDictionary(static action => action, action => new CachedAction(route, action), StringComparer.Ordinal);
        MaxEntryBytes = config.MaxEntryBytes;
        VaryByClientCertificate = config.VaryByClientCertificate;
        var headers = new VaryHeaderName[config.VaryByHeaders.Count];
        for (var i = 0; i < headers.Length; i++)
        {
            // Validated at load; an unparsable name here would be a config the checker never saw.
            headers[i] = VaryHeaderName.TryParse(config.VaryByHeaders[i], out var name, out var error)
                ? name
                : throw new ArgumentException($"routes[{route}].cache.varyByHeaders: {error}", nameof(config));
        }

        VaryHeaders = headers;
        EntryOptions = new HybridCacheEntryOptions { Expiration = config.Ttl, LocalCacheExpiration = config.Ttl };
    }

    /// <summary>The route's name.</summary>
    public string Route { get; }

    /// <summary>The section this was built from (a reload compares it with the next one).</summary>
    public RouteCacheConfig Config { get; }

    /// <summary>Replies larger than this are passed on uncached.</summary>
    public long MaxEntryBytes { get; }

    /// <summary>The SOAP headers that are part of the key, in config order.</summary>
    public IReadOnlyList<VaryHeaderName> VaryHeaders { get; }

    /// <summary>routes[].cache.varyByClientCertificate (null: vary whenever the caller presented one).</summary>
    public bool? VaryByClientCertificate { get; }

    /// <summary>The TTL, for HybridCache (the same for the in-process entry and Redis's).</summary>
    public HybridCacheEntryOptions EntryOptions { get; }

    /// <summary>The cached action named <paramref name="action"/>, or null when the route does not cache it.</summary>
    public CachedAction? Find(string? action) => action is not null && _actions.TryGetValue(action, out var cached) ? cached : null;

    /// <summary>True when <paramref name="a"/> and <paramref name="b"/> cache the same actions the same way (null: no cache).</summary>
    public static bool SameSettings(RouteCacheConfig? a, RouteCacheConfig? b) =>
        ReferenceEquals(a, b)
        || (a is not null && b is not null
            && a.Ttl == b.Ttl && a.MaxEntryBytes == b.MaxEntryBytes && a.VaryByClientCertificate == b.VaryByClientCertificate
            && a.Actions.SequenceEqual(b.Actions, StringComparer.Ordinal) && a.VaryByHeaders.SequenceEqual(b.VaryByHeaders, StringComparer.Ordinal));
}
