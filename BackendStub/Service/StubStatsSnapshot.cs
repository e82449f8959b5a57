using BackendStub.Compression;

namespace BackendStub.Service;

/// <summary>The stub's counters at one moment, served as JSON by GET /stub/stats.</summary>
/// <param name="Requests">SOAP requests read (POSTs to an endpoint whose body was accepted, and net.tcp messages), all outcomes.</param>
/// <param name="Actions">Requests per action, for every request whose action could be read (unknown ones too).</param>
/// <param name="OneWayReceived">One-way messages (SubmitOrder) accepted (with 202 over HTTP; unanswered over net.tcp).</param>
/// <param name="FaultsInjected">Faults the fault injector caused.</param>
/// <param name="FaultsReturned">Every fault answered, injected or not.</param>
/// <param name="RecentBodies">Per HTTP endpoint name (basicHttp, soap12, binary), the last bodies received, oldest first.</param>
/// <param name="Compression">Compressed requests received and refused, and each HTTP endpoint's link statistics.</param>
/// <param name="TlsHandshakes">TLS connections established (HTTPS and net.tcp), to compute handshakes per message.</param>
/// <param name="NetTcpSessionsOpened">net.tcp sessions ever opened (each a PerSession service instance).</param>
/// <param name="NetTcpSessionsActive">net.tcp sessions open now.</param>
/// <param name="StreamedRequests">Per streamed endpoint name (basicStreamed, soap12Streamed, binaryStreamed), the requests that arrived.</param>
public sealed record StubStatsSnapshot(
    long Requests,
    IReadOnlyDictionary<string, long> Actions,
    long OneWayReceived,
    long FaultsInjected,
    long FaultsReturned,
    IReadOnlyDictionary<string, IReadOnlyList<BodyFingerprint>> RecentBodies,
    StubCompressionSnapshot Compression,
    long TlsHandshakes,
    long NetTcpSessionsOpened = 0,
    long NetTcpSessionsActive = 0,
    IReadOnlyDictionary<string, long>? StreamedRequests = null);
