namespace SoapRouter.Telemetry;

/// <summary>Everything <see cref="RouterStatistics"/> counts, at one moment; serialized by GET /stats.</summary>
/// <param name="Messages">Messages handled.</param>
/// <param name="OneWay">Of those, one-way (datagram) messages.</param>
/// <param name="RequestReply">Of those, request-reply messages.</param>
/// <param name="BytesIn">Bytes received from clients.</param>
/// <param name="BytesOut">Bytes sent to clients.</param>
/// <param name="Faults">Faults by kind.</param>
/// <param name="Paths">Traffic by forwarding path.</param>
/// <param name="Process">The router process's memory figures.</param>
/// <param name="Routes">Traffic by route name, sorted by name.</param>
/// <param name="Destinations">Traffic by destination name (bytes in: received from it), sorted by name.</param>
/// <param name="Listeners">Connections by listener endpoint (its listeners' names joined by ','), sorted by name.</param>
/// <param name="Tls">TLS handshakes with clients and destinations, and their failures.</param>
/// <param name="Health">Health by destination name (filled in by the admin endpoint).</param>
/// <param name="Compression">Compression per link ("listener:name", "destination:name"): the links that compress or
/// have decoded anything (filled in by the admin endpoint).</param>
/// <param name="FileDescriptors">The process's file descriptors and the listeners' reserve (filled in by the admin endpoint).</param>
/// <param name="Buffers">The request-body budget, limits.maxBufferedBytes (filled in by the admin endpoint).</param>
/// <param name="NetTcpSessions">Sessions open to each net.tcp destination, pooled and with affinity (filled in by the admin endpoint).</param>
/// <param name="LinkEstimates">The adaptive listeners' per-client link estimates (filled in by the admin endpoint).</param>
/// <param name="OneWayLearning">Per route: its one-way actions, listed in the route or learned from its cluster's WSDL (filled in by the admin endpoint).</param>
/// <param name="Cache">The response cache, per caching route (filled in by the admin endpoint).</param>
/// <param name="Queues">The durable queues and direct copies, once the queue store is open (filled in by the admin endpoint).</param>
internal sealed record StatisticsSnapshot(
    long Messages,
    long OneWay,
    long RequestReply,
    long BytesIn,
    long BytesOut,
    FaultsSnapshot Faults,
    PathsSnapshot Paths,
    ProcessSnapshot Process,
    IReadOnlyDictionary<string, TrafficSnapshot> Routes,
    IReadOnlyDictionary<string, TrafficSnapshot> Destinations,
    IReadOnlyDictionary<string, ConnectionsSnapshot> Listeners,
    TlsSnapshot Tls,
    [property: System.Text.Json.Serialization.JsonIgnore(Condition = System.Text.Json.Serialization.JsonIgnoreCondition.WhenWritingNull)]
    IReadOnlyDictionary<string, Health.DestinationHealthSnapshot>? Health = null,
    [property: System.Text.Json.Serialization.JsonIgnore(Condition = System.Text.Json.Serialization.JsonIgnoreCondition.WhenWritingNull)]
    IReadOnlyDictionary<string, SoapRouter.Wire.Compression.CompressionStatisticsSnapshot>? Compression = null,
    [property: System.Text.Json.Serialization.JsonIgnore(Condition = System.Text.Json.Serialization.JsonIgnoreCondition.WhenWritingNull)]
    Listening.Connections.FileDescriptorsSnapshot? FileDescriptors = null,
    [property: System.Text.Json.Serialization.JsonIgnore(Condition = System.Text.Json.Serialization.JsonIgnoreCondition.WhenWritingNull)]
    Listening.BufferBudgetSnapshot? Buffers = null,
    [property: System.Text.Json.Serialization.JsonIgnore(Condition = System.Text.Json.Serialization.JsonIgnoreCondition.WhenWritingNull)]
    IReadOnlyDictionary<string, Forwarding.NetTcp.NetTcpSessionCounts>? NetTcpSessions = null,
    [property: System.Text.Json.Serialization.JsonIgnore(Condition = System.Text.Json.Serialization.JsonIgnoreCondition.WhenWritingNull)]
    Compression.LinkEstimatesSnapshot? LinkEstimates = null,
    [property: System.Text.Json.Serialization.JsonIgnore(Condition = System.Text.Json.Serialization.JsonIgnoreCondition.WhenWritingNull)]
    IReadOnlyDictionary<string, Metadata.RouteOneWaySnapshot>? OneWayLearning = null,
    [property: System.Text.Json.Serialization.JsonIgnore(Condition = System.Text.Json.Serialization.JsonIgnoreCondition.WhenWritingNull)]
    CacheSnapshot? Cache = null,
    [property: System.Text.Json.Serialization.JsonIgnore(Condition = System.Text.Json.Serialization.JsonIgnoreCondition.WhenWritingNull)]
    Queues.QueuesSnapshot? Queues = null);
