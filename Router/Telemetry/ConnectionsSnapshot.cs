namespace SoapRouter.Telemetry;

/// <summary>One listener endpoint's connections at one moment.</summary>
/// <param name="Listeners">The listeners sharing the endpoint.</param>
/// <param name="MaxConnections">limits.maxConnections; null where the endpoint has no limit of its own (netTcp: limits.netTcp.maxConnections).</param>
/// <param name="LiveConnections">Connections open now.</param>
/// <param name="AcceptedConnections">Connections taken since start.</param>
/// <param name="RejectedConnections">Connections closed at once because the endpoint was at its limit.</param>
/// <param name="AcceptErrors">Times the accept loop failed (out of file descriptors, say) and was retried.</param>
/// <param name="ReservePauses">Times the accept loop stopped to keep limits.fileDescriptorReserve free.</param>
/// <param name="Accepting">False while the accept loop keeps failing or waits for file descriptors.</param>
internal sealed record ConnectionsSnapshot(
    string Listeners,
    int? MaxConnections,
    int LiveConnections,
    long AcceptedConnections,
    long RejectedConnections,
    long AcceptErrors,
    long ReservePauses,
    bool Accepting);
