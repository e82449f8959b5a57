namespace SoapRouter.Configuration;

/// <summary>Limits of the net.tcp side: sessions clients open to netTcp listeners, and the router's sessions to netTcp destinations.</summary>
public sealed record NetTcpLimitsConfig
{
    /// <summary>Client connections to all netTcp listeners at once; one over it is refused with the ServerTooBusy framing fault. Default 1000.</summary>
    public int MaxConnections { get; init; } = 1000;

    /// <summary>Messages of one client connection being handled at once; at the limit the router stops reading that connection. Default 128.</summary>
    public int MaxPendingMessagesPerConnection { get; init; } = 128;

    /// <summary>A client connection with nothing received and nothing in flight for this long is closed. Default 2 minutes.</summary>
    public TimeSpan IdleTimeout { get; init; } = TimeSpan.FromMinutes(2);

    /// <summary>Pooled sessions the router keeps to each netTcp destination for multiplexed routes; each carries many requests at once. Default 2.</summary>
    public int SessionsPerDestination { get; init; } = 2;

    /// <summary>
    /// Client sessions with a backend session of their own (routes with session affinity) open to one netTcp destination
    /// at once; a new client session past it is refused with the ServerTooBusy framing fault. Default 1000.
    /// </summary>
    public int MaxSessionsPerDestination { get; init; } = 1000;
}
