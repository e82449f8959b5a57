using SoapRouter.Wire.Compression;
using System.IO.Pipelines;
using Microsoft.Extensions.Logging;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Soap;

namespace SoapRouter.Wire.Framing;

/// <summary>
/// The server side of .NET Message Framing ([MC-NMF]) on one connection, as WCF's NetTcpBinding (SecurityMode.None,
/// buffered) speaks it: a duplex preamble (binary session encoding only), Preamble Ack, then Sized Envelopes both
/// ways, each message read with the session's reader encoder and handed to the endpoint the Via resolved to, replies
/// written with the session's writer encoder. End is answered with End once messages in flight are done; the
/// connection may then carry another session (WCF clients pool connections and reuse them), until it is idle.
/// Refusals answer a Fault record, linger briefly so the client can read it, and close. Transport-agnostic: anything
/// that gives an <see cref="IDuplexPipe"/> (a Kestrel connection) can run it. With a stream upgrade configured (TLS:
/// <c>application/ssl-tls</c>), every session must upgrade before its Preamble End (see <see cref="INetTcpStreamUpgrade"/>).
/// </summary>
public sealed class NetTcpServerSession
{
    // After a fault the server reads (and drops) what the client still sends until the client closes, or for a moment,
    // before closing. Closing with unread bytes makes the kernel answer with a reset at once, and the reset throws away
    // whatever the server sent that the client had not taken yet: the fault, and the replies before it (a client that
    // writes a long run of records before it reads saw its replies cut short). So the drain is bounded by time only,
    // never by a byte count. (A WCF client that meets a fault after the preamble waits for the close, so this is also
    // how long it waits.)
    private static readonly TimeSpan FaultLinger = TimeSpan.FromSeconds(2);

    private readonly IDuplexPipe _transport;
    private readonly Func<Uri, INetTcpEndpoint?> _resolveVia;
    private readonly NetTcpSessionLimits _limits;
    private readonly ILogger _logger;
    private readonly TimeProvider _time;
    private readonly Func<bool>? _tryAcquireConnectionSlot;
    private readonly Action? _releaseConnectionSlot;
    private readonly INetTcpStreamUpgrade? _upgrade;
    private FramingConnection? _connection;
    private CancellationTokenSource? _sessionClosing;

    /// <summary>
    /// Prepares to run one connection over <paramref name="transport"/>. <paramref name="resolveVia"/> maps a
    /// preamble's Via to its endpoint (null: EndpointNotFound). When <paramref name="tryAcquireConnectionSlot"/> says
    /// no, the connection's preamble is answered with ServerTooBusy; when it said yes,
    /// <paramref name="releaseConnectionSlot"/> is called once the connection is over. With <paramref name="upgrade"/>,
    /// each session must ask for that stream upgrade (any other upgrade gets UpgradeInvalid; a Preamble End without it
    /// closes the connection without a fault, as WCF does); without it, every upgrade gets UpgradeInvalid.
    /// </summary>
    public NetTcpServerSession(
        IDuplexPipe transport,
        Func<Uri, INetTcpEndpoint?> resolveVia,
        NetTcpSessionLimits limits,
        ILogger logger,
        TimeProvider? timeProvider = null,
        Func<bool>? tryAcquireConnectionSlot = null,
        Action? releaseConnectionSlot = null,
        INetTcpStreamUpgrade? upgrade = null)
    {
        ArgumentNullException.ThrowIfNull(transport);
        ArgumentNullException.ThrowIfNull(resolveVia);
        ArgumentNullException.ThrowIfNull(limits);
        ArgumentNullException.ThrowIfNull(logger);
        ArgumentOutOfRangeException.ThrowIfLessThan(limits.MaxPendingMessages, 1);
        ArgumentOutOfRangeException.ThrowIfLessThanOrEqual(limits.IdleTimeout, TimeSpan.Zero);
        ArgumentOutOfRangeException.ThrowIfLessThanOrEqual(limits.PreambleTimeout, TimeSpan.Zero);
        _transport = transport;
        _resolveVia = resolveVia;
        _limits = limits;
        _logger = logger;
        _time = timeProvider ?? TimeProvider.System;
        _tryAcquireConnectionSlot = tryAcquireConnectionSlot;
        _releaseConnectionSlot = releaseConnectionSlot;
        _upgrade = upgrade;
    }

    /// <summary>
    /// Runs the connection; completes when it is over for any reason (End handshake and no reuse, refusal, timeout,
    /// the peer gone, <paramref name="stopping"/>), after every message handed to the endpoint has completed. Never
    /// throws for bad input or a vanished peer; both sides of the transport are completed when it returns. Call once.
    /// </summary>
    public Task RunAsync(CancellationToken stopping) => RunAsync(stopping, draining: CancellationToken.None);

    /// <summary>
    /// Runs the connection as <see cref="RunAsync(CancellationToken)"/> does; when <paramref name="draining"/> fires
    /// (a server shutting down gracefully) no further message is read, messages already handed to the endpoint are
    /// answered, End is sent and the connection closes. <paramref name="stopping"/> still cuts everything short.
    /// </summary>
    public async Task RunAsync(CancellationToken stopping, CancellationToken draining)
    {
        if (_connection is not null)
        {
            throw new InvalidOperationException("A session runs its connection once.");
        }

        var inFlight = new InFlightMessages(_limits.MaxPendingMessages);
        using var clock = new SessionClock(_time, _transport.Input, inFlight, _limits.IdleTimeout);
        var output = new FramingOutput(_transport.Output);
        var connection = new FramingConnection(_transport, output, clock, inFlight, _limits, _logger);
        _connection = connection;
        var slotTaken = false;
        var registration = stopping.UnsafeRegister(static state => ((NetTcpServerSession)state!).OnStopping(), this);
        var drainRegistration = draining.UnsafeRegister(static state => ((NetTcpServerSession)state!)._connection?.Stop(), this);
        try
        {
            slotTaken = _tryAcquireConnectionSlot?.Invoke() ?? true;
            await RunConnectionAsync(connection, slotTaken, stopping).ConfigureAwait(false);
        }
        catch (Exception ex) when (ex is not OutOfMemoryException)
        {
            // Bad input and vanished peers are handled as values below; this is a bug or a broken transport.
            NetTcpSessionLog.Unexpected(_logger, ex);
        }
        finally
        {
            await drainRegistration.DisposeAsync().ConfigureAwait(false);
            await registration.DisposeAsync().ConfigureAwait(false);
            await CloseAsync(connection).ConfigureAwait(false);
            if (slotTaken)
            {
                _releaseConnectionSlot?.Invoke();
            }
        }
    }

    private void OnStopping()
    {
        _connection?.Stop();
        Volatile.Read(ref _sessionClosing)?.Cancel();
    }

    private async Task RunConnectionAsync(FramingConnection connection, bool slotTaken, CancellationToken stopping)
    {
        var reused = false;
        var lastUpgraded = false;
        while (true)
        {
            var decoded = await PreambleReader.ReadAsync(connection, reused).ConfigureAwait(false);
            if (decoded is not { } result)
            {
                return;
            }

            if (lastUpgraded && result.Status == PreambleDecodeStatus.Malformed)
            {
                // The last session ran over the upgrade (TLS) and ended with End both ways, so the next preamble comes
                // plain, as WCF's pooled connections send it. Bytes that are no preamble at all are the client still
                // writing in the upgraded stream: a plain Fault record would land in the middle of its TLS records, which
                // its TLS reader rejects, dropping replies it had not yet handed over. Close without one.
                NetTcpSessionLog.StillUpgraded(_logger, _upgrade!.Protocol);
                await LingerAsync(connection).ConfigureAwait(false);
                return;
            }

            var fault = Judge(result, slotTaken, out var endpoint);
            while (fault is null && result.Status == PreambleDecodeStatus.UpgradeRequested)
            {
                // Judged acceptable: agree, run the upgrade's handshake, then read the rest of the preamble through it.
                if (!await UpgradeAsync(connection, stopping).ConfigureAwait(false)
                    || await PreambleReader.ReadAsync(connection, reused: false, result.Preamble).ConfigureAwait(false) is not { } rest)
                {
                    return;
                }

                result = rest;
                fault = JudgeAfterUpgrade(result);
            }

            if (fault is not null)
            {
                await RefuseAsync(connection, fault).ConfigureAwait(false);
                return;
            }

            if (_upgrade is not null && connection.Upgrade is null)
            {
                // WCF's server answers no fault here (it throws RemoteSecurityNotNegotiatedOnStreamUpgrade and aborts,
                // and the client reports only that the session-establishment request was rejected). [MC-NMF] 3.1.4.7
                // allows a fault, and UpgradeInvalid is the one a WCF client explains: "mismatched bindings (for
                // example security enabled on ... and not on ...)", so an operator sees at once what is wrong.
                NetTcpSessionLog.UpgradeMissing(_logger, _upgrade.Protocol);
                await RefuseAsync(connection, FramingFaults.UpgradeInvalid).ConfigureAwait(false);
                return;
            }

            if (!await connection.Output.WritePreambleAckAsync().ConfigureAwait(false))
            {
                NetTcpSessionLog.PeerVanished(_logger, "before the preamble ack");
                return;
            }

            var preamble = result.Preamble!;
            lastUpgraded = connection.Upgrade is not null;
            var ended = preamble.Mode == FramingMode.SingletonUnsized
                ? await RunSingletonAsync(connection, preamble.Via, (INetTcpStreamedEndpoint)endpoint!).ConfigureAwait(false)
                : await RunSessionAsync(connection, preamble.Via, endpoint!, SessionCompression(preamble)).ConfigureAwait(false);

            // A WCF client pools the connection under its upgrade: the next session starts on the plain connection.
            await connection.EndUpgradeAsync().ConfigureAwait(false);
            if (!ended)
            {
                return;
            }

            reused = true;
        }
    }

    /// <summary>Answers Upgrade Response and runs the upgrade; false (logged) when the connection cannot go on.</summary>
    private async Task<bool> UpgradeAsync(FramingConnection connection, CancellationToken stopping)
    {
        if (!await connection.Output.WriteUpgradeResponseAsync().ConfigureAwait(false))
        {
            NetTcpSessionLog.PeerVanished(_logger, "before the upgrade response");
            return false;
        }

        var upgraded = await _upgrade!.UpgradeAsync(connection.Transport, stopping).ConfigureAwait(false);
        if (upgraded is null)
        {
            NetTcpSessionLog.UpgradeFailed(_logger, _upgrade.Protocol);
            return false;
        }

        connection.UseUpgrade(upgraded);
        NetTcpSessionLog.Upgraded(_logger, _upgrade.Protocol);
        return true;
    }

    /// <summary>The fault a decoded preamble is refused with, or null (and its endpoint) when it is accepted.</summary>
    private string? Judge(PreambleDecodeResult result, bool slotTaken, out INetTcpEndpoint? endpoint)
    {
        endpoint = null;
        if (result.Status is PreambleDecodeStatus.Refused or PreambleDecodeStatus.Malformed)
        {
            NetTcpSessionLog.PreambleRefused(_logger, result.Fault!, result.Problem!);
            return result.Fault;
        }

        if (!slotTaken)
        {
            NetTcpSessionLog.ServerTooBusy(_logger);
            return FramingFaults.ServerTooBusy;
        }

        // In record order, as WCF checks them: the Via first, then the encoding, then any upgrade.
        var preamble = result.Preamble!;
        endpoint = _resolveVia(preamble.Via);
        var singleton = preamble.Mode == FramingMode.SingletonUnsized;
        var (fault, problem) = endpoint is null
            ? (FramingFaults.EndpointNotFound, "No endpoint answers to the Via.")
            : singleton != endpoint is INetTcpStreamedEndpoint
                ? (FramingFaults.UnsupportedMode, singleton
                    ? "The endpoint takes duplex sessions (TransferMode.Buffered), not streamed messages."
                    : "The endpoint takes streamed messages (TransferMode.Streamed), not duplex sessions.")
            : singleton ? (!IsBinary(preamble) ? (FramingFaults.ContentTypeInvalid, "The encoding is not binary (msbin1).") : (null, null))
            : !IsBinarySession(preamble)
                ? (FramingFaults.ContentTypeInvalid, "The encoding is not the binary session encoding (msbinsession1).")
                : (null, null);
        if (fault is null && preamble.UpgradeProtocol is { } protocol)
        {
            (fault, problem) = UpgradeRefusal(protocol);
        }

        if (fault is not null)
        {
            NetTcpSessionLog.PreambleRefused(_logger, fault, problem!);
        }

        return fault;
    }

    /// <summary>The fault for what followed an upgrade: only Preamble End is accepted (WCF takes one security upgrade).</summary>
    private string? JudgeAfterUpgrade(PreambleDecodeResult result)
    {
        var (fault, problem) = result.Status switch
        {
            PreambleDecodeStatus.Refused or PreambleDecodeStatus.Malformed => (result.Fault, result.Problem),
            PreambleDecodeStatus.UpgradeRequested => (FramingFaults.UpgradeInvalid, "A second stream upgrade was requested."),
            _ => (null, null),
        };
        if (fault is not null)
        {
            NetTcpSessionLog.PreambleRefused(_logger, fault, problem!);
        }

        return fault;
    }

    /// <summary>UpgradeInvalid (and why) unless <paramref name="protocol"/> is the upgrade this endpoint offers.</summary>
    private (string? Fault, string? Problem) UpgradeRefusal(string protocol) => _upgrade switch
    {
        null => (FramingFaults.UpgradeInvalid, "Stream upgrades (transport security) are not supported."),

        // WCF compares upgrade names ordinally.
        { } offered when string.Equals(protocol, offered.Protocol, StringComparison.Ordinal) => (null, null),
        _ => (FramingFaults.UpgradeInvalid, "The requested stream upgrade is not the one this endpoint offers."),
    };

    private static bool IsBinary(FramingPreamble preamble) => preamble.KnownEncoding is { } known
        ? known == KnownEncoding.Binary
        : SoapMediaTypes.Matches(preamble.ContentType, SoapMediaTypes.Msbin1);

    private static bool IsBinarySession(FramingPreamble preamble) => preamble.KnownEncoding is { } known
        ? known == KnownEncoding.BinarySession
        : SoapMediaTypes.Matches(preamble.ContentType, SoapMediaTypes.MsbinSession1) || SessionCompression(preamble) is not null;

    /// <summary>
    /// The codec of WCF's compressed binary session (<c>application/soap+msbinsession1+gzip</c> or <c>+deflate</c>, what
    /// a client whose binary encoder has a CompressionFormat announces): every message's bytes, session dictionary
    /// included, compressed on their own, both ways. Null for a plain session.
    /// </summary>
    private static ICompressionCodec? SessionCompression(FramingPreamble preamble) =>
        preamble.KnownEncoding is null && preamble.ContentType is { } contentType
        && CompressionHeaders.TrySplitWcfMediaType(contentType.Trim(), CodecRegistry.Default, out var plain, out var codec)
        && SoapMediaTypes.Matches(plain, SoapMediaTypes.MsbinSession1)
            ? codec
            : null;

    /// <summary>One session after its Preamble Ack; true when it ended with End both ways and the connection may carry another.</summary>
    private async Task<bool> RunSessionAsync(FramingConnection connection, Uri via, INetTcpEndpoint endpoint, ICompressionCodec? compression)
    {
        // One encoder per direction: each keeps the session dictionary of its side of the conversation.
        // Both in the endpoint's message version (WS-Addressing 1.0, or August 2004 on such a listener).
        // An endpoint that translates the session keeps the client's dictionary here and reads msbin1 without a session.
        var strings = endpoint.TranslatesSession ? new Binary.SessionStrings() : null;
        var reader = (strings is null ? endpoint.Binding : endpoint.Binding.Sessionless).CreateCodec(_limits.Wire, _limits.Buffers);
        var writerLimits = _limits.MaxSentMessageSize is { } sent ? _limits.Wire with { MaxMessageSize = sent } : _limits.Wire;
        var sender = new SessionSender(endpoint.Binding.CreateCodec(writerLimits, _limits.Buffers), connection.Output, compression);
        var closing = new CancellationTokenSource();
        Volatile.Write(ref _sessionClosing, closing);
        if (connection.IsStopping)
        {
            await closing.CancelAsync().ConfigureAwait(false);
        }

        NetTcpSessionLog.SessionOpened(_logger, via);
        connection.Clock.StartIdle();
        var handle = endpoint is INetTcpSessionEndpoint ? new NetTcpSessionHandle(sender, connection, via, closing.Token) : null;
        var sessionEndpoint = endpoint as INetTcpSessionEndpoint;
        sessionEndpoint?.Opened(handle!);
        var loop = new SessionReceiveLoop(connection, via, endpoint, reader, sender, closing.Token, compression, connection.Upgrade?.ClientCertificate, strings);
        var reason = await loop.RunAsync().ConfigureAwait(false);
        if (reason == SessionEndReason.ClientEnded)
        {
            handle?.OnClientEnded();
        }

        connection.Clock.Stop();

        // Graceful ends let messages in flight finish (a stop has cancelled them) and answer End; the others stop
        // replies at once: nobody is there to read them, or the session's bytes can no longer be trusted.
        var graceful = reason is SessionEndReason.ClientEnded or SessionEndReason.Stopping or SessionEndReason.Idle;
        if (!graceful)
        {
            await closing.CancelAsync().ConfigureAwait(false);
            await sender.EndAsync(sendEnd: false).ConfigureAwait(false);
            if (reason == SessionEndReason.Refused)
            {
                // Replies are refused from here on (one being written finishes first), so the fault is the last record.
                await RefuseAsync(connection, loop.Fault!).ConfigureAwait(false);
            }
        }

        await connection.InFlight.WhenDrainedAsync().ConfigureAwait(false);
        if (graceful && connection.FailedReason is { } failed)
        {
            // A message in flight ended the session from outside after its message phase was over (the client's End read
            // already): the client reads that fault instead of End, so its close fails as its next call would have.
            graceful = false;
            reason = failed;
            await closing.CancelAsync().ConfigureAwait(false);
            await sender.EndAsync(sendEnd: false).ConfigureAwait(false);
            if (connection.FailureFault is { } fault)
            {
                await RefuseAsync(connection, fault).ConfigureAwait(false);
            }
        }

        if (sessionEndpoint is not null)
        {
            // What the endpoint relays may still send (callbacks in flight) before End goes out.
            await sessionEndpoint.ClosedAsync(clientEnded: reason is SessionEndReason.ClientEnded or SessionEndReason.Stopping).ConfigureAwait(false);
        }

        var endSent = graceful && await sender.EndAsync(sendEnd: true).ConfigureAwait(false);
        NetTcpSessionLog.SessionEnded(_logger, via, reason, loop.Messages);
        return reason == SessionEndReason.ClientEnded && endSent && !connection.IsStopping;
    }

    /// <summary>
    /// One singleton-unsized exchange after its Preamble Ack: the Unsized Envelope record, then the endpoint reads its chunks
    /// and writes the reply; true when the request was read to its End and the reply completed, so the connection may carry
    /// another (WCF pools streamed connections too).
    /// </summary>
    private async Task<bool> RunSingletonAsync(FramingConnection connection, Uri via, INetTcpStreamedEndpoint endpoint)
    {
        // The client sends its envelope right after the ack; the idle timeout bounds the wait for its first record.
        connection.Clock.StartIdle();
        var read = await connection.ReadAsync("before a streamed envelope").ConfigureAwait(false);
        connection.Clock.Stop();
        if (read is not { } first || first.IsCanceled || first.Buffer.IsEmpty)
        {
            if (read is { } other)
            {
                connection.Input.AdvanceTo(other.Buffer.Start);
            }

            return false;
        }

        var record = first.Buffer.FirstSpan[0];
        connection.Input.AdvanceTo(first.Buffer.GetPosition(1));
        if (record == (byte)FramingRecordType.End)
        {
            // A client that sent no message (WCF does not): End back, and the connection is free again.
            return await connection.Output.WriteEndAsync().ConfigureAwait(false);
        }

        if (record != (byte)FramingRecordType.UnsizedEnvelope)
        {
            NetTcpSessionLog.PreambleRefused(_logger, FramingFaults.InvalidRecordSequence, "The record after a singleton preamble is not an Unsized Envelope.");
            await RefuseAsync(connection, FramingFaults.InvalidRecordSequence).ConfigureAwait(false);
            return false;
        }

        using var aborted = new CancellationTokenSource();
        Volatile.Write(ref _sessionClosing, aborted);
        if (connection.IsStopping)
        {
            await aborted.CancelAsync().ConfigureAwait(false);
        }

        var request = new UnsizedEnvelopeReadStream(connection.Input, _limits.MaxStreamedMessageSize);
        var reply = new UnsizedEnvelopeWriteStream(connection.Output.Writer);
        var exchange = new NetTcpStreamedExchange(via, request, reply, connection.Upgrade?.ClientCertificate, aborted, connection.Input.CancelPendingRead);
        await endpoint.HandleStreamedAsync(exchange).ConfigureAwait(false);
        Volatile.Write(ref _sessionClosing, null);
        return !exchange.IsAborted && request.Completed && !connection.IsStopping;
    }

    /// <summary>
    /// Answers <paramref name="fault"/>, then drops what the client still sends until it closes or the linger ends, so it
    /// can read the fault and everything before it.
    /// </summary>
    private static async Task RefuseAsync(FramingConnection connection, string fault)
    {
        // Armed before the fault goes out, so the linger is running by the time the client can have read it.
        connection.Clock.StartDeadline(FaultLinger);
        if (!await connection.Output.WriteFaultAsync(fault).ConfigureAwait(false))
        {
            return;
        }

        await DrainAsync(connection).ConfigureAwait(false);
    }

    /// <summary>Closes without a word: drops what the client still sends until it closes or the linger ends.</summary>
    private static Task LingerAsync(FramingConnection connection)
    {
        connection.Clock.StartDeadline(FaultLinger);
        return DrainAsync(connection);
    }

    /// <summary>Reads and drops the client's bytes until it closes, vanishes, the armed linger ends or the server stops.</summary>
    private static async Task DrainAsync(FramingConnection connection)
    {
        var input = connection.Input;
        while (true)
        {
            ReadResult result;
            try
            {
                result = await input.ReadAsync().ConfigureAwait(false);
            }
            catch (Exception ex) when (PeerGone.Is(ex))
            {
                return;
            }

            input.AdvanceTo(result.Buffer.End);
            if (result.IsCompleted || (result.IsCanceled && (connection.IsStopping || connection.Clock.IsExpired)))
            {
                return;
            }
        }
    }

    private async Task CloseAsync(FramingConnection connection)
    {
        // Anything still in flight can no longer answer: tell it, refuse its sends, and wait for it (each is bounded
        // by its own cancellation) before the transport goes.
        if (Volatile.Read(ref _sessionClosing) is { } closing)
        {
            await closing.CancelAsync().ConfigureAwait(false);
        }

        connection.InFlight.CancelWaiters();
        connection.Output.Break();
        connection.Clock.Stop();
        await connection.InFlight.WhenDrainedAsync().ConfigureAwait(false);
        await connection.CompleteAsync().ConfigureAwait(false);
    }
}
