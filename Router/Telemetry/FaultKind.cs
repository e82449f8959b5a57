namespace SoapRouter.Telemetry;

/// <summary>Why the router answered a message with a fault (or, for one-way messages, dropped it).</summary>
internal enum FaultKind
{
    /// <summary>No route matched the message.</summary>
    NoRoute = 0,

    /// <summary>The backend answered with a SOAP fault, passed through.</summary>
    BackendFault = 1,

    /// <summary>No destination of the cluster could be reached or answered in time.</summary>
    BackendUnavailable = 2,

    /// <summary>The message itself was unusable (malformed, too large, bad encoding).</summary>
    BadRequest = 3,

    /// <summary>The router was at its concurrency limit and turned the message away (HTTP 503).</summary>
    RouterBusy = 4,

    /// <summary>The client went away (aborted or truncated its request) before it could be answered.</summary>
    ClientAborted = 5,

    /// <summary>A backend was reached and answered HTTP 5xx without a SOAP fault (and no other destination answered).</summary>
    BackendError = 6,

    /// <summary>
    /// The client sent its message too slowly (below limits.minRequestBodyDataRate, or not all of it within
    /// limits.requestBodyTimeout) and its connection was dropped.
    /// </summary>
    SlowClient = 7,

    /// <summary>The client's address was over limits.perClientRateLimit and the message was turned away (HTTP 503).</summary>
    ClientRateLimited = 8,

    /// <summary>A client's TLS handshake on a listener failed (timeout, plain HTTP, not TLS, closed mid-way, certificate refused, no common protocol).</summary>
    TlsHandshake = 9,

    /// <summary>The route's allowedClientCertificates did not admit the caller's certificate (or it had none); never forwarded.</summary>
    AccessDenied = 10,

    /// <summary>A destination answered, but the router could not make the client's answer from its reply (too large once re-encoded, or not expressible in the client's encoding): the router's failure, not the destination's.</summary>
    ReplyNotReencoded = 11,
}
