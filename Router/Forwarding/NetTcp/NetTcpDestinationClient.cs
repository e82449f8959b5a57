using System.ServiceModel;
using System.ServiceModel.Channels;
using System.Xml;
using SoapRouter.LoadBalancing;
using SoapRouter.Tls;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Encoding;
using SoapRouter.Wire.Errors;
using SoapRouter.Wire.Framing;
using SoapRouter.Wire.Soap;

namespace SoapRouter.Forwarding.NetTcp;

/// <summary>
/// The sessions to one net.tcp destination: a fixed number of pooled session slots, opened on first use and replaced
/// when they end, each carrying many requests at once, and sessions with affinity (one client session's own). A plain
/// WS-Addressing 1.0 destination is reached with the router's own framing client (<see cref="NetTcpFramedSession"/>):
/// messages go as their session-free msbin1 bytes, a received message's as they came (<see cref="SendFramedAsync"/>), with
/// no WCF reader or writer. A destination with TLS, WCF's compressed session or August 2004 addressing is reached
/// through System.ServiceModel.NetTcp's own channel (the destination binding's client binding: with the destination's tls
/// section, the application/ssl-tls upgrade, the server's certificate checked by <see cref="DestinationTls"/> and its
/// name by WCF against the endpoint identity, tls.serverName, else the address's host). A message the router writes gets
/// a MessageID of the router's, so its reply is matched by an id no client chose; a message sent as received keeps the
/// client's, unless another request waits on it.
/// </summary>
internal sealed class NetTcpDestinationClient : IDisposable
{
    /// <summary>The sessions' connection buffer (and so socket receive buffer); WCF's 8 KB default stalls large replies.</summary>
    public const int ConnectionBufferSize = 64 * 1024;

    private readonly IChannelFactory<IDuplexSessionChannel> _factory;
    private readonly NetTcpSessionChannel?[] _sessions;
    private readonly SemaphoreSlim[] _opening;
    private readonly NetTcpFramedSession?[]? _framed;
    private readonly SemaphoreSlim[]? _framedOpening;
    private readonly MessageCodec? _framedCodec;
    private readonly NetTcpFramingClientOptions? _framedOptions;
    private int _nextFramed = -1;
    private readonly TimeSpan _connectTimeout;
    private readonly TimeSpan _sendTimeout;
    private readonly ILogger _logger;
    private readonly EndpointAddress _address;
    private int _next = -1;
    private int _disposed;
    private int _dedicated;

    /// <summary>
    /// A client of <paramref name="destination"/> with <paramref name="sessions"/> pooled session slots, its sessions
    /// compressed as WCF does when <paramref name="compression"/> is set, over TLS when <paramref name="tls"/> is given.
    /// </summary>
    public NetTcpDestinationClient(
        DestinationState destination, WireLimits limits, TimeSpan connectTimeout, TimeSpan sendTimeout, int sessions, ILogger logger,
        CompressionFormat compression = CompressionFormat.None, DestinationTls? tls = null)
    {
        Tls = tls;
        ArgumentOutOfRangeException.ThrowIfLessThan(sessions, 1);
        Destination = destination;
        _connectTimeout = connectTimeout;
        _sendTimeout = sendTimeout;
        _logger = logger;
        var security = tls is null ? WireTransportSecurity.None
            : tls.ClientCertificate is null ? WireTransportSecurity.Transport
            : WireTransportSecurity.TransportWithClientCertificate;
        var binding = destination.Binding.CreateClientBinding(limits, ConnectionBufferSize, compression, security);
        binding.OpenTimeout = connectTimeout;
        binding.SendTimeout = sendTimeout;

        // A session waits for replies as long as it lives; the destination's idle timeout ends unused ones.
        binding.ReceiveTimeout = TimeSpan.MaxValue;
        var parameters = new BindingParameterCollection();
        if (tls is not null)
        {
            // A channel factory built from the binding finds its credentials among the binding parameters.
            var credentials = new System.ServiceModel.Description.ClientCredentials();
            tls.WcfValidator().ApplyTo(credentials, tls.ClientCertificate);
            parameters.Add(credentials);
        }

        _address = tls?.ServerName is { } serverName
            ? new EndpointAddress(destination.Address, new DnsEndpointIdentity(serverName))
            : new EndpointAddress(destination.Address);
        _factory = binding.BuildChannelFactory<IDuplexSessionChannel>(parameters);
        _sessions = new NetTcpSessionChannel?[sessions];
        _opening = new SemaphoreSlim[sessions];
        for (var i = 0; i < sessions; i++)
        {
            _opening[i] = new SemaphoreSlim(1, 1);
        }

        // A plain WS-Addressing 1.0 destination is reached on sessions of the router's own framing client instead of WCF's
        // channel (NetTcpFramedSession), which can carry a message's bytes as they are. Not with TLS or compression (WCF's
        // channel does those), nor August 2004 (its anonymous ReplyTo is put back by WCF's writer).
        if (tls is null && compression == CompressionFormat.None && destination.Binding.MessageVersion == MessageVersion.Soap12WSAddressing10)
        {
            // WCF's channel factory stays unopened: nothing goes through it.
            _framed = new NetTcpFramedSession?[sessions];
            _framedOpening = new SemaphoreSlim[sessions];
            for (var i = 0; i < sessions; i++)
            {
                _framedOpening[i] = new SemaphoreSlim(1, 1);
            }

            _framedCodec = destination.Binding.Sessionless.CreateCodec(limits);
            _framedOptions = new NetTcpFramingClientOptions
            {
                ConnectTimeout = connectTimeout,
                MaxMessageSize = limits.MaxMessageSize,
                ReceiveBufferSize = ConnectionBufferSize,
            };
        }
        else
        {
            _factory.Open();
        }
    }

    /// <summary>True when the destination is reached on the router's own framing sessions, so messages can go to it as bytes (<see cref="SendFramedAsync"/>).</summary>
    public bool TakesFramed => _framed is not null;

    /// <summary>The destination binding's session-free codec, which framing sessions write messages with and read replies with; null without them.</summary>
    public MessageCodec? FramedCodec => _framedCodec;

    /// <summary>What one framing send carries: a message to write, or a payload's bytes.</summary>
    private readonly record struct FramedSend(Message? Message, byte[]? Payload, int Offset, int Count);

    /// <summary>The destination served.</summary>
    public DestinationState Destination { get; }

    /// <summary>The TLS side of a destination with transport security; null for a plain one.</summary>
    public DestinationTls? Tls { get; }

    /// <summary>Pooled sessions open right now (WCF's and the router's own framing sessions).</summary>
    public int OpenSessions => _sessions.Count(static session => session?.IsUsable == true)
        + (_framed?.Count(static session => session?.IsUsable == true) ?? 0);

    /// <summary>How many sessions with affinity may be open at once (the current config's limits.netTcp.maxSessionsPerDestination).</summary>
    public int MaxDedicated { get; set; } = int.MaxValue;

    /// <summary>Sessions with affinity (each one client session's own) open right now.</summary>
    public int DedicatedSessions => Volatile.Read(ref _dedicated);

    /// <summary>
    /// Opens a session of one client session's own, whose every incoming message goes to <paramref name="sink"/>.
    /// Expected failures are values: <see cref="ForwardError.SessionLimit"/> past the limit (nothing was tried), or the
    /// connect's error (nothing was sent, so another destination may be tried).
    /// </summary>
    public async ValueTask<(IBackendSession? Session, ForwardError Error)> OpenDedicatedAsync(INetTcpSessionSink sink)
    {
        ArgumentNullException.ThrowIfNull(sink);
        ObjectDisposedException.ThrowIf(Volatile.Read(ref _disposed) != 0, this);
        if (Interlocked.Increment(ref _dedicated) > MaxDedicated)
        {
            Interlocked.Decrement(ref _dedicated);
            return (null, ForwardError.SessionLimit);
        }

        try
        {
            // Not cut short by the caller: the open has its own (connect) timeout, and the client session that asked
            // ends (and closes) what it opened even when it went away meanwhile.
            Action released = () => Interlocked.Decrement(ref _dedicated);
            IBackendSession session = _framed is not null
                ? await NetTcpFramedSession.OpenAsync(Destination.Address, _framedOptions!, _framedCodec!, Destination.Name, _logger, sink, released)
                    .ConfigureAwait(false)
                : await NetTcpSessionChannel.OpenAsync(_factory, _address, _connectTimeout, Destination.Name, _logger, sink, released)
                    .ConfigureAwait(false);
            return (session, ForwardError.None);
        }
        catch (Exception ex) when (ex is not OutOfMemoryException)
        {
            Interlocked.Decrement(ref _dedicated);
            return (null, ConnectError(ex));
        }
    }

    /// <summary>
    /// Sends <paramref name="message"/> (which this method sets a MessageID on when <paramref name="expectReply"/>) and
    /// waits for its reply. Expected failures are values; <paramref name="cancellationToken"/> (the attempt's timeout or
    /// the client leaving) throws <see cref="OperationCanceledException"/>, for the forwarder to tell which.
    /// </summary>
    public async ValueTask<NetTcpOutcome> SendAsync(Message message, bool expectReply, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(message);
        if (_framed is not null)
        {
            string? key = null;
            if (expectReply)
            {
                var ownId = new UniqueId();
                message.Headers.MessageId = ownId;
                message.Headers.ReplyTo ??= new EndpointAddress(SoapNamespaces.Anonymous10);
                key = ownId.ToString();
            }

            var (framedError, framedReply) = (await ExchangeAsync(new FramedSend(message, null, 0, 0), key, cancellationToken).ConfigureAwait(false))!.Value;
            return framedReply is null ? new NetTcpOutcome(framedError, null) : ReadFramed(framedError, framedReply);
        }

        NetTcpSessionChannel session;
        try
        {
            session = await GetSessionAsync(cancellationToken).ConfigureAwait(false);
        }
        catch (Exception ex) when (ex is not OperationCanceledException || !cancellationToken.IsCancellationRequested)
        {
            return new NetTcpOutcome(ConnectError(ex), null);
        }

        UniqueId? id = null;
        if (expectReply)
        {
            id = new UniqueId();
            message.Headers.MessageId = id;
            // Written as the destination's anonymous address (1.0's or August 2004's, which a 2004 service requires with a MessageID).
            message.Headers.ReplyTo ??= new EndpointAddress(SoapNamespaces.Anonymous10);
        }

        Task<Message>? reply;
        try
        {
            reply = await session.SendAsync(message, id, _sendTimeout).ConfigureAwait(false);
        }
        catch (Exception ex) when (ErrorClassifier.IsConnectionFailure(ex))
        {
            return new NetTcpOutcome(SendError(ex), null);
        }

        if (reply is null)
        {
            return new NetTcpOutcome(ForwardError.None, null);
        }

        try
        {
            var answer = await reply.WaitAsync(cancellationToken).ConfigureAwait(false);
            return new NetTcpOutcome(answer.IsFault ? ForwardError.BackendFault : ForwardError.None, answer);
        }
        catch (OperationCanceledException) when (cancellationToken.IsCancellationRequested)
        {
            session.Forget(id!);
            throw;
        }
        catch (CommunicationException)
        {
            // The session ended after the request was written: it may have been processed.
            return new NetTcpOutcome(ForwardError.ResetAfterSend, null);
        }
    }

    /// <summary>
    /// Sends <paramref name="count"/> bytes of <paramref name="payload"/> from <paramref name="offset"/> (a whole session
    /// payload with room for the framing head before it: an empty string table, then the message's session-free msbin1) on
    /// one of the router's own framing sessions, and, with <paramref name="messageId"/> (the client's MessageID, kept as it
    /// is), waits for the reply that relates to it. Null when the session picked already waits for a reply to that id:
    /// nothing was sent, and the message goes the WCF way. Expected failures are values; <paramref name="cancellationToken"/>
    /// throws <see cref="OperationCanceledException"/>, as <see cref="SendAsync"/>'s does.
    /// </summary>
    public ValueTask<FramedOutcome?> SendFramedAsync(byte[] payload, int offset, int count, string? messageId, CancellationToken cancellationToken) =>
        _framed is null
            ? ValueTask.FromResult<FramedOutcome?>(null)
            : ExchangeAsync(new FramedSend(null, payload, offset, count), messageId, cancellationToken);

    /// <summary>
    /// One send on a framing session and, with <paramref name="messageId"/>, the wait for its reply; null when the session
    /// picked already waits on that id (nothing was sent).
    /// </summary>
    private async ValueTask<FramedOutcome?> ExchangeAsync(FramedSend send, string? messageId, CancellationToken cancellationToken)
    {
        NetTcpFramedSession session;
        try
        {
            session = await GetFramedSessionAsync(cancellationToken).ConfigureAwait(false);
        }
        catch (Exception ex) when (ex is not OperationCanceledException || !cancellationToken.IsCancellationRequested)
        {
            return new FramedOutcome(ConnectError(ex), null);
        }

        Task<FramedReply>? reply = null;
        if (messageId is not null && !session.TryExpect(messageId, cancellationToken, out reply))
        {
            return null;
        }

        try
        {
            if (send.Message is { } message)
            {
                await session.SendAsync(message, cancellationToken).ConfigureAwait(false);
            }
            else
            {
                await session.SendAsync(send.Payload!, send.Offset, send.Count, cancellationToken).ConfigureAwait(false);
            }
        }
        catch (Exception ex) when (ErrorClassifier.IsConnectionFailure(ex) || ex is OperationCanceledException)
        {
            if (messageId is not null)
            {
                session.Forget(messageId);
            }

            if (ex is OperationCanceledException && cancellationToken.IsCancellationRequested)
            {
                throw;
            }

            return new FramedOutcome(SendError(ex), null);
        }

        if (reply is null)
        {
            return new FramedOutcome(ForwardError.None, null);
        }

        try
        {
            var answer = await reply.ConfigureAwait(false);
            return new FramedOutcome(answer.IsFault ? ForwardError.BackendFault : ForwardError.None, answer);
        }
        catch (OperationCanceledException) when (cancellationToken.IsCancellationRequested)
        {
            session.Forget(messageId!);
            throw;
        }
        catch (CommunicationException)
        {
            // The session ended after the request was written: it may have been processed.
            return new FramedOutcome(ForwardError.ResetAfterSend, null);
        }
    }

    /// <summary>A framing session's reply read by the destination binding's session-free codec, the message reading from its bytes.</summary>
    private NetTcpOutcome ReadFramed(ForwardError error, FramedReply reply)
    {
        try
        {
            return new NetTcpOutcome(error, _framedCodec!.Read(reply.Bytes.Segment), reply);
        }
        catch (Exception ex) when (ErrorClassifier.IsBadInput(ex))
        {
            reply.Bytes.Dispose();
            return new NetTcpOutcome(ForwardError.BackendError, null);
        }
    }

    /// <summary>
    /// What a failed write means: a session that was over before the write began sent nothing (another destination may be
    /// tried); one that failed during it may have.
    /// </summary>
    private static ForwardError SendError(Exception exception)
    {
        var sent = exception is not (CommunicationObjectFaultedException or CommunicationObjectAbortedException or ObjectDisposedException);
        var error = ForwardErrorClassifier.Classify(exception, sent);
        return error == ForwardError.Unexpected ? (sent ? ForwardError.ResetAfterSend : ForwardError.ResetBeforeSend) : error;
    }

    /// <summary>What a failed open means: nothing was sent, so a refused or timed-out connect may go to another destination.</summary>
    private static ForwardError ConnectError(Exception exception)
    {
        var error = ForwardErrorClassifier.Classify(exception, requestSent: false);
        return error == ForwardError.Unexpected ? ForwardError.ConnectionRefused : error;
    }

    /// <inheritdoc />
    public void Dispose()
    {
        if (Interlocked.Exchange(ref _disposed, 1) != 0)
        {
            return;
        }

        foreach (var session in _sessions)
        {
            session?.Dispose();
        }

        foreach (var session in _framed ?? [])
        {
            session?.Dispose();
        }

        foreach (var gate in _framedOpening ?? [])
        {
            gate.Dispose();
        }

        _factory.Abort();
        Tls?.Dispose();
        foreach (var gate in _opening)
        {
            gate.Dispose();
        }
    }

    /// <summary>The next framing session (round robin), opened or replaced first when it is not usable.</summary>
    private async ValueTask<NetTcpFramedSession> GetFramedSessionAsync(CancellationToken cancellationToken)
    {
        ObjectDisposedException.ThrowIf(Volatile.Read(ref _disposed) != 0, this);
        var slots = _framed!;
        var slot = (int)((uint)Interlocked.Increment(ref _nextFramed) % (uint)slots.Length);
        var session = Volatile.Read(ref slots[slot]);
        if (session?.IsUsable == true)
        {
            return session;
        }

        await _framedOpening![slot].WaitAsync(cancellationToken).ConfigureAwait(false);
        try
        {
            session = Volatile.Read(ref slots[slot]);
            if (session?.IsUsable == true)
            {
                return session;
            }

            session?.Dispose();

            // Not cut short by the caller's token, as GetSessionAsync's open.
            var opened = await NetTcpFramedSession.OpenAsync(Destination.Address, _framedOptions!, _framedCodec!, Destination.Name, _logger)
                .ConfigureAwait(false);
            Volatile.Write(ref slots[slot], opened);
            NetTcpLog.SessionOpened(_logger, Destination.Name, slot);
            return opened;
        }
        finally
        {
            _framedOpening[slot].Release();
        }
    }

    /// <summary>The next slot's session (round robin), opened or replaced first when it is not usable.</summary>
    private async ValueTask<NetTcpSessionChannel> GetSessionAsync(CancellationToken cancellationToken)
    {
        ObjectDisposedException.ThrowIf(Volatile.Read(ref _disposed) != 0, this);
        var slot = (int)((uint)Interlocked.Increment(ref _next) % (uint)_sessions.Length);
        var session = Volatile.Read(ref _sessions[slot]);
        if (session?.IsUsable == true)
        {
            return session;
        }

        await _opening[slot].WaitAsync(cancellationToken).ConfigureAwait(false);
        try
        {
            session = Volatile.Read(ref _sessions[slot]);
            if (session?.IsUsable == true)
            {
                return session;
            }

            session?.Dispose();
            // Not cut short by the caller's token: the open has its own (connect) timeout, and a session opened for a caller
            // that left serves the next one.
            var opened = await NetTcpSessionChannel.OpenAsync(_factory, _address, _connectTimeout, Destination.Name, _logger)
                .ConfigureAwait(false);
            Volatile.Write(ref _sessions[slot], opened);
            NetTcpLog.SessionOpened(_logger, Destination.Name, slot);
            return opened;
        }
        finally
        {
            _opening[slot].Release();
        }
    }
}
