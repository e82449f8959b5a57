namespace SoapRouter.Telemetry;

/// <summary>Fault counts by <see cref="FaultKind"/> at one moment.</summary>
/// <param name="NoRoute">No route matched.</param>
/// <param name="BackendFault">The backend answered with a fault.</param>
/// <param name="BackendUnavailable">No destination answered.</param>
/// <param name="BadRequest">The message was unusable.</param>
/// <param name="RouterBusy">The concurrency limit turned the message away.</param>
/// <param name="ClientAborted">The client went away before it was answered.</param>
/// <param name="BackendError">A backend answered HTTP 5xx without a SOAP fault.</param>
/// <param name="SlowClient">The client sent too slowly and was dropped.</param>
/// <param name="ClientRateLimited">The client's address was over its rate limit.</param>
/// <param name="TlsHandshake">A client's TLS handshake failed (by reason class under <c>tls.handshakeFailures</c>).</param>
/// <param name="AccessDenied">A route's client certificate rules refused the caller.</param>
/// <param name="ReplyNotReencoded">A destination answered, but the router could not re-encode its reply for the client.</param>
internal sealed record FaultsSnapshot(
    long NoRoute,
    long BackendFault,
    long BackendUnavailable,
    long BadRequest,
    long RouterBusy,
    long ClientAborted,
    long BackendError,
    long SlowClient,
    long ClientRateLimited,
    long TlsHandshake,
    long AccessDenied,
    long ReplyNotReencoded);
