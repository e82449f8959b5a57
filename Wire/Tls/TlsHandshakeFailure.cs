namespace SoapRouter.Wire.Tls;

/// <summary>Why a TLS handshake did not complete (<see cref="TlsHandshakeFailureNames"/> names them for metrics).</summary>
public enum TlsHandshakeFailure
{
    /// <summary>The handshake (the wait for its first byte included) took longer than its timeout.</summary>
    Timeout,

    /// <summary>The client sent a plain HTTP request to a TLS port.</summary>
    PlainHttp,

    /// <summary>The client's first bytes are neither a TLS handshake record nor HTTP.</summary>
    NotTls,

    /// <summary>The client closed or reset the connection before the handshake completed.</summary>
    PeerClosed,

    /// <summary>The client certificate was missing where required, or refused by the policy.</summary>
    ClientCertificate,

    /// <summary>Anything else TLS refused: no common protocol version or cipher suite, a malformed message, an alert.</summary>
    Protocol,

    /// <summary>The server gave up the handshake (its cancellation token fired, e.g. while stopping).</summary>
    Cancelled,

    /// <summary>
    /// The client closed the connection without sending a byte: a port check, a load balancer's TCP probe, a
    /// reachability test. Not a handshake at all, so a server need not count it as a failed one.
    /// </summary>
    Empty,
}
