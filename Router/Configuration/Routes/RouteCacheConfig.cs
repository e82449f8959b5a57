namespace SoapRouter.Configuration;

/// <summary>
/// routes[].cache: which of a route's actions have their replies kept, for how long, and what besides the request's
/// body tells two callers' replies apart (docs/cache.md).
/// </summary>
public sealed record RouteCacheConfig
{
    /// <summary>The largest TTL the config may ask for.</summary>
    public static readonly TimeSpan MaxTtl = TimeSpan.FromDays(30);

    /// <summary>Actions whose replies are cached; each must be one of the route's idempotentActions.</summary>
    public IReadOnlyList<string> Actions { get; init; } = [];

    /// <summary>How long a stored reply is served. Default 30 seconds.</summary>
    public TimeSpan Ttl { get; init; } = TimeSpan.FromSeconds(30);

    /// <summary>A reply larger than this many bytes is passed through uncached. Default 4 MiB.</summary>
    public long MaxEntryBytes { get; init; } = 4L << 20;

    /// <summary>SOAP headers that are part of the key, as <c>{namespace}localName</c> (or <c>localName</c> for no namespace).</summary>
    public IReadOnlyList<string> VaryByHeaders { get; init; } = [];

    /// <summary>
    /// True: the caller's TLS client certificate (its SHA-256) is part of the key; false: callers with different
    /// certificates share entries. Null (the default): part of the key whenever the caller presented one, which is
    /// whenever its listener asks for certificates.
    /// </summary>
    public bool? VaryByClientCertificate { get; init; }
}
