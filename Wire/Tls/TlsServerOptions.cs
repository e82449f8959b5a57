using System.Net.Security;
using System.Security.Authentication;

namespace SoapRouter.Wire.Tls;

/// <summary>How a TLS server handshakes (<see cref="TlsServerHandshake"/>, <see cref="TlsStreamUpgrade"/>).</summary>
public sealed record TlsServerOptions
{
    /// <summary>
    /// The server certificate for the host name the client asked for by SNI (null when it sent none). Called for every
    /// handshake, so a certificate replaced on disk and reloaded takes effect at the next handshake.
    /// </summary>
    public required Func<string?, SslStreamCertificateContext> CertificateFor { get; init; }

    /// <summary>The protocol versions offered.</summary>
    public SslProtocols Protocols { get; init; } = TlsDefaults.Protocols;

    /// <summary>Which client certificates are asked for and accepted; null: none is asked for.</summary>
    public ClientCertificatePolicy? ClientCertificates { get; init; }

    /// <summary>The longest a handshake may take, the wait for its first byte included.</summary>
    public TimeSpan HandshakeTimeout { get; init; } = TlsDefaults.HandshakeTimeout;

    /// <summary>
    /// The cipher suites allowed, in the server's order; null (the default): .NET's own, forward-secret only, with TLS
    /// session resumption (a list turns resumption off: see <see cref="TlsDefaults"/>).
    /// </summary>
    public CipherSuitesPolicy? CipherSuites { get; init; }

    /// <summary>
    /// Handshakes running at once, shared by every endpoint given the same one; a handshake whose first bytes have come
    /// waits for a slot within <see cref="HandshakeTimeout"/>. Null: no bound. A handshake holds ~100-200 KB while it
    /// runs (OpenSSL's state, buffers, the chain), so 1,000 clients connecting at once would otherwise take that many
    /// times over; the CPU does them no faster in parallel.
    /// </summary>
    public SemaphoreSlim? Concurrency { get; init; }

    /// <summary>The clock <see cref="HandshakeTimeout"/> is measured by.</summary>
    public TimeProvider Time { get; init; } = TimeProvider.System;
}
