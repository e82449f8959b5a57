namespace SoapRouter.Forwarding;

/// <summary>The outcome of one attempt to forward a message to one destination.</summary>
internal enum ForwardError
{
    /// <summary>The destination answered with a normal reply.</summary>
    None = 0,

    /// <summary>The connection could not be opened (refused, host unreachable, name not resolved); the request cannot have reached the backend.</summary>
    ConnectionRefused,

    /// <summary>
    /// The TLS handshake with the destination failed (its certificate did not pass the check, or no protocol in common);
    /// nothing was sent, so the request cannot have reached the backend.
    /// </summary>
    TlsFailed,

    /// <summary>Opening the connection took longer than the cluster's connect timeout; the request cannot have reached the backend.</summary>
    ConnectTimeout,

    /// <summary>The connection was reset or closed before any of the request was written; the request cannot have reached the backend.</summary>
    ResetBeforeSend,

    /// <summary>No reply within the cluster's request timeout; the request may have reached the backend.</summary>
    RequestTimeout,

    /// <summary>The connection was reset or closed after the request was written; the request may have reached the backend.</summary>
    ResetAfterSend,

    /// <summary>The reply could not be read as a message; the request may have reached the backend.</summary>
    ResponseInvalid,

    /// <summary>The backend answered with a SOAP fault: an answer, passed through to the client and never retried.</summary>
    BackendFault,

    /// <summary>The client went away (its cancellation token fired); nothing more is tried.</summary>
    Cancelled,

    /// <summary>
    /// The message could not be written in this destination's binding (too large once re-encoded, or XML the target
    /// encoding cannot carry); nothing was sent, so another destination may be tried. Not the destination's fault.
    /// </summary>
    EncodingFailed,

    /// <summary>
    /// The destination is ejected (its breaker is open, or its one trial attempt is already out); nothing was sent.
    /// The next destination is tried and this one is not counted as an attempt.
    /// </summary>
    Ejected,

    /// <summary>The cluster has no destination to try.</summary>
    NoDestination,

    /// <summary>
    /// The destination already serves limits.netTcp.maxSessionsPerDestination client sessions of its own; nothing was
    /// sent, no other destination is tried, and the client's session is refused (ServerTooBusy).
    /// </summary>
    SessionLimit,

    /// <summary>The sender failed in a way nobody expected (a bug); logged, never retried.</summary>
    Unexpected,

    /// <summary>
    /// The backend answered HTTP 5xx without a SOAP fault (empty, HTML, plain text): it was reached and answered, so
    /// the request may have been processed; retried elsewhere only for idempotent actions.
    /// </summary>
    BackendError,

    /// <summary>
    /// The client's side of a streamed message failed while it was being sent (the client went away, sent too slowly or
    /// past limits.streamed.maxMessageSize): not the destination's fault, and nothing more is tried.
    /// </summary>
    ClientFailed,
}
