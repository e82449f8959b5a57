namespace SoapRouter.Telemetry;

/// <summary>The router's instrument names (Prometheus shows them with '_' for '.', a unit suffix and _total on counters).</summary>
internal static class MetricNames
{
    /// <summary>Messages handled, by listener and outcome.</summary>
    public const string Messages = "soaprouter.messages";

    /// <summary>Messages by route and outcome.</summary>
    public const string RouteMessages = "soaprouter.route.messages";

    /// <summary>Messages by forwarding path.</summary>
    public const string PathMessages = "soaprouter.path.messages";

    /// <summary>Re-encode attempts whose request or reply the transcoders carried, or left to WCF, by direction and by whom.</summary>
    public const string Transcoded = "soaprouter.transcoded";

    /// <summary>Faults by kind.</summary>
    public const string Faults = "soaprouter.faults";

    /// <summary>Bytes exchanged with clients, by listener and direction.</summary>
    public const string ListenerBytes = "soaprouter.listener.io";

    /// <summary>Bytes exchanged with destinations, by destination and direction.</summary>
    public const string DestinationBytes = "soaprouter.destination.io";

    /// <summary>Forwarding attempts by destination and outcome.</summary>
    public const string DestinationAttempts = "soaprouter.destination.attempts";

    /// <summary>Forwarding attempts, first ones included.</summary>
    public const string Attempts = "soaprouter.attempts";

    /// <summary>Attempts past the first of their message.</summary>
    public const string Retries = "soaprouter.retries";

    /// <summary>Messages answered by another destination than the first tried.</summary>
    public const string Failovers = "soaprouter.failovers";

    /// <summary>Original bytes of what a link sent compressed.</summary>
    public const string CompressionOriginal = "soaprouter.compression.original";

    /// <summary>What that took compressed.</summary>
    public const string CompressionCompressed = "soaprouter.compression.compressed";

    /// <summary>The difference.</summary>
    public const string CompressionSaved = "soaprouter.compression.saved";

    /// <summary>Compressed over original bytes so far, per link.</summary>
    public const string CompressionRatio = "soaprouter.compression.ratio";

    /// <summary>1 when a destination is healthy, 0 when ejected or unhealthy (the state is a tag).</summary>
    public const string DestinationHealth = "soaprouter.destination.health";

    /// <summary>Client connections open now, per listener endpoint.</summary>
    public const string OpenConnections = "soaprouter.connections.open";

    /// <summary>Sessions open to each net.tcp destination now, by mode (pooled, affinity).</summary>
    public const string NetTcpSessions = "soaprouter.nettcp.sessions.open";

    /// <summary>Time from a message's arrival to its answer, by listener, route and outcome.</summary>
    public const string MessageDuration = "soaprouter.message.duration";

    /// <summary>Client TLS handshakes the listeners completed.</summary>
    public const string TlsHandshakes = "soaprouter.tls.handshakes";

    /// <summary>Client TLS handshakes that failed, by reason class.</summary>
    public const string TlsHandshakeFailures = "soaprouter.tls.handshake.failures";

    /// <summary>The router's TLS handshakes with destinations, by destination and outcome.</summary>
    public const string TlsDestinationHandshakes = "soaprouter.tls.destination.handshakes";

    /// <summary>Seconds until a certificate the router serves or presents expires (negative once expired), by certificate.</summary>
    public const string CertificateExpiry = "soaprouter.tls.certificate.expiry";

    /// <summary>Time of one forwarding attempt, by destination and outcome.</summary>
    public const string AttemptDuration = "soaprouter.attempt.duration";

    /// <summary>Response cache lookups, by route and result (hit, join, miss).</summary>
    public const string CacheLookups = "soaprouter.cache.lookups";

    /// <summary>Replies the response cache fetched but did not store, by route.</summary>
    public const string CacheNotStored = "soaprouter.cache.not_stored";

    /// <summary>Response cache entries dropped, by route and reason (memory, expired, invalidated).</summary>
    public const string CacheRemovals = "soaprouter.cache.removals";

    /// <summary>Bytes the response cache holds in process now, by route.</summary>
    public const string CacheBytes = "soaprouter.cache.bytes";

    /// <summary>Entries the response cache holds in process now, by route.</summary>
    public const string CacheEntries = "soaprouter.cache.entries";
}
