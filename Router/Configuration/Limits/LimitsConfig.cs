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

    /// <summary>
    /// Bytes of request bodies (as received, and decompressed) the HTTP listeners hold at once; a message that would
    /// pass it waits briefly, then gets 503, before its body is read. Null (default): a quarter of the memory the process
    /// may use (a container's limit, else the machine's), and at least two of the largest message.
    /// </summary>
    public long? MaxBufferedBytes { get; init; }

    /// <summary>
    /// A fraction of the memory the router may use (resident over a container's limit, or the managed heap over the GC's
    /// limit): above it no new message is let in (it waits up to <see cref="QueueTimeout"/>, then 503) and the GC gives
    /// freed memory back. Default 0.85.
    /// </summary>
    public double MemoryHighWatermark { get; init; } = 0.85;

    /// <summary>Messages flow again once memory falls to this fraction. Default 0.75.</summary>
    public double MemoryLowWatermark { get; init; } = 0.75;

    /// <summary>
    /// How long a message waits for a concurrency slot (maxConcurrentRequests), for room in maxBufferedBytes or for memory
    /// to fall under its watermark before the router answers 503. Default 100 ms: a short burst is absorbed, a stalled
    /// backend does not queue requests without end.
    /// </summary>
    public TimeSpan QueueTimeout { get; init; } = TimeSpan.FromMilliseconds(100);

    /// <summary>
    /// Client connections each HTTP listener endpoint (one host:port, shared by the listeners on it) holds at once;
    /// one more is closed as soon as it is accepted. Default 10000.
    /// </summary>
    public int MaxConnections { get; init; } = 10_000;

    /// <summary>
    /// File descriptors kept free: every listener stops accepting while one more connection would leave fewer than this
    /// many free, and resumes by itself as connections close, so that the router's own files, new threads (the runtime
    /// needs two descriptors to start one), backend connections and the admin endpoint keep working. 0 turns it off.
    /// Default 64.
    /// </summary>
    public int FileDescriptorReserve { get; init; } = 64;

    /// <summary>An idle HTTP connection between requests is closed after this long (Kestrel's KeepAliveTimeout). Default 130 s, Kestrel's.</summary>
    public TimeSpan KeepAliveTimeout { get; init; } = TimeSpan.FromSeconds(130);

    /// <summary>A request's headers must arrive within this long (Kestrel's RequestHeadersTimeout). Default 15 s.</summary>
    public TimeSpan RequestHeadersTimeout { get; init; } = TimeSpan.FromSeconds(15);

    /// <summary>
    /// A request's whole body must arrive within this long, however fast it trickles, or the connection is dropped and
    /// counted as a slow client. Default 30 s.
    /// </summary>
    public TimeSpan RequestBodyTimeout { get; init; } = TimeSpan.FromSeconds(30);

    /// <summary>The slowest a client may send a request body (Kestrel's MinRequestBodyDataRate).</summary>
    public DataRateConfig MinRequestBodyDataRate { get; init; } = new();

    /// <summary>The slowest a client may read a response (Kestrel's MinResponseDataRate).</summary>
    public DataRateConfig MinResponseDataRate { get; init; } = new();

    /// <summary>Requests per client IP address on the HTTP listeners; null (the default) for no limit.</summary>
    public ClientRateLimitConfig? PerClientRateLimit { get; init; }

    /// <summary>XML reader quotas applied whenever the router parses a message.</summary>
    public ReaderQuotasConfig ReaderQuotas { get; init; } = new();

    /// <summary>
    /// Socket completions and Kestrel's request processing run on the socket event threads (one per core) instead of
    /// being handed to the thread pool; requests and replies over 16 KB or compressed, net.tcp sessions' messages and
    /// admin requests still move to the pool. Fewer thread hops per message (1 KB pass-through: 11-19% more throughput
    /// on 2 cores). Read at start by the router's process. Default true.
    /// </summary>
    public bool InlineIo { get; init; } = true;

    /// <summary>Limits of net.tcp listeners and destinations.</summary>
    public NetTcpLimitsConfig NetTcp { get; init; } = new();

    /// <summary>Limits of streamed transfer (transportMode streamed).</summary>
    public StreamedLimitsConfig Streamed { get; init; } = new();
}
