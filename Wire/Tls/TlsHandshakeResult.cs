using System.Diagnostics.CodeAnalysis;
using System.IO.Pipelines;
using System.Net.Security;
using System.Security.Authentication;
using System.Security.Cryptography.X509Certificates;

namespace SoapRouter.Wire.Tls;

/// <summary>
/// The outcome of <see cref="TlsServerHandshake.AcceptAsync"/>: the TLS stream and a pipe over it, or why there is
/// none. Disposing it disposes the TLS stream, completes the pipe over it and disposes the client certificate; the
/// transport the handshake ran over is left to its owner.
/// </summary>
public sealed class TlsHandshakeResult : IAsyncDisposable
{
    private int _disposed;

    private TlsHandshakeResult(TlsHandshakeFailure failure, string problem, string? serverName)
    {
        Failure = failure;
        Problem = problem;
        ServerName = serverName;
    }

    private TlsHandshakeResult(SslStream stream, IDuplexPipe transport, X509Certificate2? clientCertificate, string? serverName)
    {
        Succeeded = true;
        Stream = stream;
        Transport = transport;
        ClientCertificate = clientCertificate;
        ServerName = serverName;
        Protocol = stream.SslProtocol;
        CipherSuite = stream.NegotiatedCipherSuite;
    }

    /// <summary>True when the handshake completed.</summary>
    [MemberNotNullWhen(true, nameof(Stream), nameof(Transport))]
    [MemberNotNullWhen(false, nameof(Failure), nameof(Problem))]
    public bool Succeeded { get; }

    /// <summary>The authenticated TLS stream; null when the handshake failed.</summary>
    public SslStream? Stream { get; }

    /// <summary>A pipe over <see cref="Stream"/>: what the protocol above TLS reads and writes; null when the handshake failed.</summary>
    public IDuplexPipe? Transport { get; }

    /// <summary>The certificate the client presented (and the policy accepted); null when it sent none. Disposed with the result.</summary>
    public X509Certificate2? ClientCertificate { get; }

    /// <summary>The protocol version negotiated.</summary>
    public SslProtocols Protocol { get; }

    /// <summary>The cipher suite negotiated.</summary>
    public TlsCipherSuite CipherSuite { get; }

    /// <summary>The host name the client asked for by SNI; null when it sent none (or the handshake failed before it).</summary>
    public string? ServerName { get; }

    /// <summary>Why the handshake failed; null when it succeeded.</summary>
    public TlsHandshakeFailure? Failure { get; }

    /// <summary>What went wrong in a short sentence safe to log (never exception text); null when it succeeded.</summary>
    public string? Problem { get; }

    /// <summary>A completed handshake.</summary>
    internal static TlsHandshakeResult Success(SslStream stream, IDuplexPipe transport, X509Certificate2? clientCertificate, string? serverName) =>
        new(stream, transport, clientCertificate, serverName);

    /// <summary>A failed handshake.</summary>
    internal static TlsHandshakeResult Failed(TlsHandshakeFailure failure, string problem, string? serverName = null) =>
        new(failure, problem, serverName);

    /// <inheritdoc />
    public async ValueTask DisposeAsync()
    {
        if (Interlocked.Exchange(ref _disposed, 1) != 0 || !Succeeded)
        {
            return;
        }

        await Framing.FramingOutput.CompleteQuietlyAsync(Transport.Output).ConfigureAwait(false);
        await Transport.Input.CompleteAsync().ConfigureAwait(false);
        try
        {
            await Stream.DisposeAsync().ConfigureAwait(false);
        }
        catch (Exception ex) when (Framing.PeerGone.Is(ex))
        {
            // The client went first (it closed after its last answer, or a load balancer's check after its handshake):
            // SslStream's last write has no one to go to. That is the connection's end, not a failure of the server's.
        }

        ClientCertificate?.Dispose();
    }
}
