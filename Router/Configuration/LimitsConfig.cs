namespace SoapRouter.Configuration;

/// <summary>
/// Limits with safe defaults: larger than WCF's 64 KB so real payloads pass, bounded so one client cannot
/// exhaust the router's memory.
/// </summary>
public sealed record LimitsConfig
{
    /// <summary>Largest encoded message accepted or forwarded, in bytes. Default 4 MiB.</summary>
    public long MaxMessageSize { get; init; } = 4 * 1024 * 1024;

    /// <summary>Largest message after decompression, in bytes (compression-bomb guard). Default 16 MiB.</summary>
    public long MaxDecompressedSize { get; init; } = 16 * 1024 * 1024;

    /// <summary>Requests processed at once; more wait in the transport's queue. Default 512.</summary>
    public int MaxConcurrentRequests { get; init; } = 512;

    /// <summary>XML reader quotas applied whenever the router parses a message.</summary>
    public ReaderQuotasConfig ReaderQuotas { get; init; } = new();

    /// <summary>Limits of net.tcp listeners and destinations.</summary>
    public NetTcpLimitsConfig NetTcp { get; init; } = new();
}
