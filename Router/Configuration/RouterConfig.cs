using System.Text.Json.Serialization;

namespace SoapRouter.Configuration;

/// <summary>One immutable snapshot of router.json. Messages in flight keep the snapshot they started with.</summary>
public sealed record RouterConfig
{
    /// <summary>
    /// The file's top-level <c>"$schema"</c> (e.g. <c>./router.schema.json</c>): read by editors for completion and
    /// checking, ignored by the router.
    /// </summary>
    [JsonPropertyName("$schema")]
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public string? Schema { get; init; }

    /// <summary>Endpoints clients send to.</summary>
    public IReadOnlyList<ListenerConfig> Listeners { get; init; } = [];

    /// <summary>Ordered routes; within the highest priority level that has a match, the first match wins.</summary>
    public IReadOnlyList<RouteConfig> Routes { get; init; } = [];

    /// <summary>Clusters of destinations, by name.</summary>
    public IReadOnlyDictionary<string, ClusterConfig> Clusters { get; init; } = new Dictionary<string, ClusterConfig>();

    /// <summary>Message size, reader quotas and concurrency.</summary>
    public LimitsConfig Limits { get; init; } = new();

    /// <summary>Admin endpoint (health and statistics).</summary>
    public AdminConfig Admin { get; init; } = new();

    /// <summary>Logging.</summary>
    public TelemetryConfig Telemetry { get; init; } = new();

    /// <summary>Graceful stop: how long messages in flight get to finish.</summary>
    public ShutdownConfig Shutdown { get; init; } = new();

    /// <summary>Router-wide compression settings (the per-client link estimates).</summary>
    public CompressionConfig Compression { get; init; } = new();

    /// <summary>Process-wide TLS settings (certificate expiry warnings).</summary>
    public TlsConfig Tls { get; init; } = new();

    /// <summary>The response cache's memory, shared L2 and response header (routes say what they cache).</summary>
    public CacheConfig Cache { get; init; } = new();

    /// <summary>Where durable messages are kept (routes with <c>delivery.mode: durable</c>).</summary>
    public QueuesConfig Queues { get; init; } = new();
}
