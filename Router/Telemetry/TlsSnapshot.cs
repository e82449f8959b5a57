namespace SoapRouter.Telemetry;

/// <summary>TLS counts at one moment (the <c>tls</c> part of GET /stats).</summary>
/// <param name="Handshakes">Client handshakes the listeners completed.</param>
/// <param name="HandshakeFailures">Client handshakes that failed, by reason class (timeout, plainHttp, notTls, peerClosed, clientCertificate, protocol).</param>
/// <param name="DestinationHandshakes">The router's handshakes with each destination (one per new TLS connection).</param>
/// <param name="DestinationFailures">Of those, the ones that failed (certificate refused, no common protocol).</param>
internal sealed record TlsSnapshot(
    long Handshakes,
    IReadOnlyDictionary<string, long> HandshakeFailures,
    IReadOnlyDictionary<string, long> DestinationHandshakes,
    IReadOnlyDictionary<string, long> DestinationFailures);
