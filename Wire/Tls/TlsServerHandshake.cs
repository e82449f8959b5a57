using System.IO.Pipelines;
using System.Net.Security;
using System.Runtime.ExceptionServices;
using System.Security.Cryptography.X509Certificates;
using SoapRouter.Wire.Framing;

namespace SoapRouter.Wire.Tls;

/// <summary>
/// The server side of a TLS handshake over any <see cref="IDuplexPipe"/>: a Kestrel connection, or a net.tcp
/// connection after its <c>application/ssl-tls</c> upgrade. Looks at the first bytes without consuming them (plain
/// HTTP and other non-TLS bytes are refused and left in the pipe, so the caller can still answer), then runs
/// <see cref="SslStream"/> with the certificate chosen by SNI and the options' protocols, suites and client
/// certificate policy, all within the handshake timeout. Bad input and vanished peers are values, never exceptions.
/// </summary>
public static class TlsServerHandshake
{
    // A TLS record carries at most 16 KB of plaintext: reads and writes of that size keep records full.
    private const int RecordSize = 16 * 1024;

    // Zero-byte reads: an idle connection waits on SslStream without a buffer (neither the pipe's nor SslStream's own),
    // as Kestrel's HTTPS middleware does; 1,000 idle TLS clients otherwise hold ~40 MB of buffers. The pipe reads in
    // 4 KB segments, not a record's 16 KB: a busy connection holds one while a request arrives, and 1,000 busy clients
    // of 1 KB messages held 16 MB of mostly empty segments under the soak's 102 MB managed heap (SslStream hands a
    // record over in as many reads as it takes).
    private const int ReadSegmentSize = 4 * 1024;
    private static readonly StreamPipeReaderOptions ReaderOptions = new(bufferSize: ReadSegmentSize, minimumReadSize: 2048, leaveOpen: true, useZeroByteReads: true);
    private static readonly StreamPipeWriterOptions WriterOptions = new(minimumBufferSize: RecordSize, leaveOpen: true);

    /// <summary>
    /// Runs the handshake on <paramref name="transport"/> (whose bytes so far must be the client's first); bounded by
    /// <see cref="TlsServerOptions.HandshakeTimeout"/> and <paramref name="cancellationToken"/>. On success the result's
    /// <see cref="TlsHandshakeResult.Transport"/> carries the protocol above TLS; dispose the result when done with it.
    /// Throws only what <see cref="TlsServerOptions.CertificateFor"/> throws (a bug or bad configuration, not the client's doing).
    /// </summary>
    public static async Task<TlsHandshakeResult> AcceptAsync(IDuplexPipe transport, TlsServerOptions options, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(transport);
        ArgumentNullException.ThrowIfNull(options);
        using var timeout = new CancellationTokenSource(options.HandshakeTimeout, options.Time);
        using var linked = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken, timeout.Token);
        TlsFirstBytes.Kind first;
        try
        {
            first = await PeekAsync(transport.Input, linked.Token).ConfigureAwait(false);
        }
        catch (OperationCanceledException)
        {
            return Cancelled(timeout, options, serverName: null);
        }
        catch (Exception ex) when (PeerGone.Is(ex))
        {
            return TlsHandshakeResult.Failed(TlsHandshakeFailure.PeerClosed, "the peer closed the connection before the TLS handshake");
        }

        switch (first)
        {
            case TlsFirstBytes.Kind.PlainHttp:
                return TlsHandshakeResult.Failed(TlsHandshakeFailure.PlainHttp, "the client sent plain HTTP to a TLS port");
            case TlsFirstBytes.Kind.NotTls:
                return TlsHandshakeResult.Failed(TlsHandshakeFailure.NotTls, "the client's first bytes are not a TLS handshake");
            case TlsFirstBytes.Kind.NeedMoreData:
                return TlsHandshakeResult.Failed(TlsHandshakeFailure.PeerClosed, "the peer closed the connection before the TLS handshake");
            case TlsFirstBytes.Kind.Empty:
                return TlsHandshakeResult.Failed(TlsHandshakeFailure.Empty, "the peer closed the connection without sending anything");
        }

        if (options.Concurrency is not { } slots)
        {
            return await HandshakeAsync(transport, options, timeout, linked.Token).ConfigureAwait(false);
        }

        try
        {
            await slots.WaitAsync(linked.Token).ConfigureAwait(false);
        }
        catch (OperationCanceledException)
        {
            return Cancelled(timeout, options, serverName: null);
        }

        try
        {
            return await HandshakeAsync(transport, options, timeout, linked.Token).ConfigureAwait(false);
        }
        finally
        {
            slots.Release();
        }
    }

    /// <summary>
    /// The <see cref="SslServerAuthenticationOptions"/> <paramref name="options"/> give for a client that asked for
    /// <paramref name="serverName"/> by SNI: for a TLS stack that is not <see cref="AcceptAsync"/>'s (Kestrel's
    /// <c>UseHttps</c> with <c>TlsHandshakeCallbackOptions</c>), so both apply the same settings.
    /// </summary>
    public static SslServerAuthenticationOptions CreateAuthenticationOptions(TlsServerOptions options, string? serverName)
    {
        ArgumentNullException.ThrowIfNull(options);
        return AuthenticationOptions(options, serverName, new ClientCertificateCheck(options.ClientCertificates));
    }

    private static SslServerAuthenticationOptions AuthenticationOptions(TlsServerOptions options, string? serverName, ClientCertificateCheck check) => new()
    {
        ServerCertificateContext = options.CertificateFor(serverName),
        EnabledSslProtocols = options.Protocols,
        CipherSuitesPolicy = options.CipherSuites,
        AllowRenegotiation = false,
        ClientCertificateRequired = options.ClientCertificates is { Mode: not ClientCertificateMode.NoCertificate },
        RemoteCertificateValidationCallback = check.Validate,

        // The policy checks revocation itself (when configured), against its own chain: SslStream's chain is not used.
        CertificateRevocationCheckMode = X509RevocationMode.NoCheck,
    };

    private static async Task<TlsHandshakeResult> HandshakeAsync(IDuplexPipe transport, TlsServerOptions options, CancellationTokenSource timeout, CancellationToken token)
    {
        var inner = new DuplexPipeStream(transport);
        var ssl = new SslStream(inner, leaveInnerStreamOpen: true);
        var state = new HandshakeState(options);
        try
        {
            await ssl.AuthenticateAsServerAsync(SelectOptions, state, token).ConfigureAwait(false);
        }
        catch (Exception ex) when (state.CertificateFailure is not null || ex is OperationCanceledException || PeerGone.Is(ex))
        {
            try
            {
                await ssl.DisposeAsync().ConfigureAwait(false);
            }
            catch (Exception closing) when (PeerGone.Is(closing) || closing is IOException)
            {
                // SslStream's close_notify has nowhere to go: the peer is gone (a health checker that hung up). Seen
                // once in the chaos run as Kestrel's "Unhandled exception while processing" a connection.
            }

            // A certificate source that throws is a bug or bad configuration, not the client's doing.
            state.CertificateFailure?.Throw();
            return Classify(ex, state, inner, timeout, options);
        }

        var certificate = ssl.RemoteCertificate switch
        {
            null => null,
            X509Certificate2 typed => typed,
            var other => X509CertificateLoader.LoadCertificate(other.GetRawCertData()),
        };
        var pipe = new DuplexPipe(PipeReader.Create(ssl, ReaderOptions), PipeWriter.Create(ssl, WriterOptions));
        return TlsHandshakeResult.Success(ssl, pipe, certificate, state.ServerName);
    }

    private static ValueTask<SslServerAuthenticationOptions> SelectOptions(SslStream stream, SslClientHelloInfo hello, object? state, CancellationToken cancellationToken)
    {
        var handshake = (HandshakeState)state!;
        handshake.ServerName = string.IsNullOrEmpty(hello.ServerName) ? null : hello.ServerName;
        try
        {
            return ValueTask.FromResult(AuthenticationOptions(handshake.Options, handshake.ServerName, handshake.Check));
        }
        catch (Exception ex)
        {
            handshake.CertificateFailure = ExceptionDispatchInfo.Capture(ex);
            throw;
        }
    }

    /// <summary>The one place a failed handshake is classified.</summary>
    private static TlsHandshakeResult Classify(Exception exception, HandshakeState state, DuplexPipeStream inner, CancellationTokenSource timeout, TlsServerOptions options)
    {
        if (state.Check.Refusal is { } refusal)
        {
            return TlsHandshakeResult.Failed(TlsHandshakeFailure.ClientCertificate, refusal, state.ServerName);
        }

        if (exception is OperationCanceledException)
        {
            return Cancelled(timeout, options, state.ServerName);
        }

        return inner.PeerClosed
            ? TlsHandshakeResult.Failed(TlsHandshakeFailure.PeerClosed, "the peer closed the connection during the TLS handshake", state.ServerName)
            : TlsHandshakeResult.Failed(TlsHandshakeFailure.Protocol, "the TLS handshake failed (no common protocol or cipher suite, or a bad message)", state.ServerName);
    }

    private static TlsHandshakeResult Cancelled(CancellationTokenSource timeout, TlsServerOptions options, string? serverName) =>
        timeout.IsCancellationRequested
            ? TlsHandshakeResult.Failed(TlsHandshakeFailure.Timeout, $"the TLS handshake did not complete within {options.HandshakeTimeout.TotalSeconds:0.###} s", serverName)
            : TlsHandshakeResult.Failed(TlsHandshakeFailure.Cancelled, "the server gave up the TLS handshake", serverName);

    /// <summary>Waits for enough of the client's first bytes to tell what they are, and leaves them all in the pipe.</summary>
    private static async Task<TlsFirstBytes.Kind> PeekAsync(PipeReader input, CancellationToken cancellationToken)
    {
        while (true)
        {
            var result = await input.ReadAsync(cancellationToken).ConfigureAwait(false);
            var buffer = result.Buffer;
            var kind = !buffer.IsEmpty ? TlsFirstBytes.Classify(buffer, result.IsCompleted)
                : result.IsCompleted ? TlsFirstBytes.Kind.Empty
                : TlsFirstBytes.Kind.NeedMoreData;
            if (kind != TlsFirstBytes.Kind.NeedMoreData || result.IsCompleted)
            {
                // Neither consumed nor examined: the next read (SslStream's, or the caller's answer) sees the same bytes at once.
                input.AdvanceTo(buffer.Start);
                return kind;
            }

            input.AdvanceTo(buffer.Start, result.IsCanceled ? buffer.Start : buffer.End);
        }
    }

    /// <summary>What the options callback and the classification share for one handshake.</summary>
    private sealed class HandshakeState(TlsServerOptions options)
    {
        public TlsServerOptions Options => options;

        public ClientCertificateCheck Check { get; } = new(options.ClientCertificates);

        public string? ServerName { get; set; }

        public ExceptionDispatchInfo? CertificateFailure { get; set; }
    }
}
