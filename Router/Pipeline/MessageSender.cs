using System.Runtime.CompilerServices;
using System.ServiceModel.Channels;
using SoapRouter.Forwarding.Http;
using SoapRouter.Forwarding.NetTcp;
using SoapRouter.Forwarding.Rewriting;
using SoapRouter.Forwarding;
using SoapRouter.Hosting;
using SoapRouter.LoadBalancing;
using SoapRouter.Reencoding;
using SoapRouter.Telemetry;
using SoapRouter.Wire.Encoding;
using SoapRouter.Wire.Errors;

namespace SoapRouter.Pipeline;

/// <summary>
/// Sends one received message to the destinations the forwarder picks, each on its own path: an HTTP destination of
/// the listener's binding gets the received bytes with only To spliced (verbatim); any other gets a message made from
/// the received message's buffer and written in its binding (HTTP: by its encoder; net.tcp: by a pooled session), and
/// its reply is re-encoded for the client. Per message; the forwarder calls it once per attempt, so failover may
/// change the path.
/// </summary>
internal sealed class MessageSender : IMessageSender
{
    private readonly MessageContext _context;
    private readonly PipelineState _state;
    private readonly ClusterState _cluster;
    private readonly InboundMessage _inbound;
    private readonly ReceivedMessage _received;
    private readonly bool _oneWay;
    private readonly ILogger _logger;
    private ToSplicer _to;

    // What each attempt put on the wire, for per-destination byte counts. Failover is rare, so the first attempt is kept
    // in fields and only further ones allocate.
    private DestinationState? _firstDestination;
    private int _firstLength;
    private List<(DestinationState Destination, int Length)>? _laterAttempts;
    private readonly string? _clientCertificateHeader;
    private readonly SessionTurn? _affinity;

    /// <summary>
    /// Prepares to send the message of <paramref name="context"/> (received, read and routed: its cluster chosen, one-way
    /// or not decided) through its cluster; <paramref name="clientCertificateHeader"/>: the X-Forwarded-Client-Cert value
    /// HTTP destinations get, or null; <paramref name="affinity"/>: the message's turn in a client session whose netTcp
    /// destinations get its own backend session.
    /// </summary>
    public MessageSender(MessageContext context, ILogger logger, string? clientCertificateHeader = null, SessionTurn? affinity = null)
    {
        ArgumentNullException.ThrowIfNull(context);
        _context = context;
        _affinity = affinity;
        _clientCertificateHeader = clientCertificateHeader;
        _state = context.State;
        _cluster = context.Cluster ?? throw new ArgumentException("The message has no cluster yet.", nameof(context));
        _inbound = context.Inbound;
        _received = context.Received ?? throw new ArgumentException("The message has not been read yet.", nameof(context));
        _oneWay = context.OneWay;
        _logger = logger;
    }

    /// <inheritdoc />
    public ValueTask<AttemptResult<DestinationReply>> SendAsync(DestinationState destination, CancellationToken cancellationToken)
    {
        var path = ForwardingPaths.Between(_context.Listener.Binding, destination);
        RouterTracing.CurrentAttempt?.SetTag(SpanTags.Path, ForwardingPaths.TagOf(path));
        if (path == ForwardingPath.Verbatim)
        {
            return SendVerbatimAsync(destination, cancellationToken);
        }

        return destination.Binding.IsSession
            ? SendNetTcpAsync(destination, cancellationToken)
            : SendReencodedHttpAsync(destination, cancellationToken);
    }

    /// <summary>The bytes sent to <paramref name="destination"/> by its attempt; <paramref name="fallback"/> when none was made.</summary>
    public long SentLength(DestinationState destination, long fallback)
    {
        if (ReferenceEquals(destination, _firstDestination))
        {
            return _firstLength;
        }

        if (_laterAttempts is not null)
        {
            foreach (var (attempted, length) in _laterAttempts)
            {
                if (ReferenceEquals(attempted, destination))
                {
                    return length;
                }
            }
        }

        return fallback;
    }

    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder<>))]
    private async ValueTask<AttemptResult<DestinationReply>> SendVerbatimAsync(DestinationState destination, CancellationToken cancellationToken)
    {
        using var edited = SpliceTo(destination);
        var body = edited.Select(_inbound.Bytes);
        RememberLength(destination, body.Length);
        var traceParent = RouterTracing.Outgoing(_inbound.TraceParent, _inbound.TraceState, out var traceState);
        var request = new RawSoapRequest(body, _inbound.ContentType)
        {
            SoapAction = _inbound.SoapActionHeader,
            TraceParent = traceParent,
            TraceState = traceState,
            Action = _received.Action,
            ClientCertificate = _clientCertificateHeader,

            // An empty 2xx from the backend is a one-way acknowledgement, passed on as 202, also for a message not known to
            // be one-way (basicHttp cannot say so).
            AcceptsEmptyReply = true,
        };
        var result = await _state.Transport.SendAsync(destination, _cluster.ConnectTimeout, request, cancellationToken).ConfigureAwait(false);
        return result.Reply is { } reply
            ? Replied(DestinationReply.Verbatim(reply, result.Error == ForwardError.BackendFault))
            : AttemptResult<DestinationReply>.Failed(result.Error);
    }

    /// <summary>
    /// The received bytes with To set to the destination's address, the one edit a matched hop needs (a WCF backend's
    /// address filter insists on its own address). No To (basicHttp), the right one already, or a message the strict
    /// scanners will not splice: the bytes go as received, and a backend that checks To answers with its own fault.
    /// </summary>
    private ToHeaderRewriteResult SpliceTo(DestinationState destination) =>
        _to.SpliceFor(_inbound.Bytes.AsSpan(), _context.Listener.Binding, _received.To, destination.Config.Address, _received.MtomEnvelope);

    private async ValueTask<AttemptResult<DestinationReply>> SendReencodedHttpAsync(DestinationState destination, CancellationToken cancellationToken)
    {
        var codec = _state.Codec(destination.Binding);
        if (!TryEncodeRequest(destination, codec, out var bytes, out var soapAction))
        {
            RememberLength(destination, 0);
            return AttemptResult<DestinationReply>.Failed(ForwardError.EncodingFailed);
        }

        AttemptResult<RawSoapReply> result;
        using (bytes)
        {
            RememberLength(destination, bytes.Count);
            var traceParent = RouterTracing.Outgoing(_inbound.TraceParent, _inbound.TraceState, out var traceState);
            var request = new RawSoapRequest(bytes.Memory, codec.ContentType)
            {
                SoapAction = soapAction,
                TraceParent = traceParent,
                TraceState = traceState,
                Action = _received.Action,
                ClientCertificate = _clientCertificateHeader,
                AcceptsEmptyReply = true,
            };
            result = await _state.Transport.SendAsync(destination, _cluster.ConnectTimeout, request, cancellationToken).ConfigureAwait(false);
        }

        if (result.Reply is not { } reply)
        {
            return AttemptResult<DestinationReply>.Failed(result.Error);
        }

        if (reply.IsEmpty)
        {
            reply.Dispose();
            return AttemptResult<DestinationReply>.Success(DestinationReply.Acknowledged());
        }

        Message read;
        try
        {
            read = codec.Read(reply.Segment, reply.ContentType);
        }
        catch (Exception ex) when (ErrorClassifier.IsBadInput(ex))
        {
            reply.Dispose();
            var reason = ex.GetType().Name;
            PipelineLog.ReplyReencodeFailed(_logger, destination.Name, destination.Binding.Name, _context.Listener.Binding.Name, reason);
            return AttemptResult<DestinationReply>.Failed(ForwardError.ResponseInvalid);
        }

        return Replied(DestinationReply.Read(read, reply, result.Error == ForwardError.BackendFault));
    }

    private async ValueTask<AttemptResult<DestinationReply>> SendNetTcpAsync(DestinationState destination, CancellationToken cancellationToken)
    {
        var client = _state.NetTcp.Get(destination, _cluster, _state.Limits, _state.NetTcpSessions, _state.NetTcpMaxSessions);
        var source = _received.Buffer!.CreateMessage();
        Message outgoing;
        try
        {
            outgoing = MessageBridge.ForDestination(source, destination.Binding, destination.Address, _received.Action, _received.BufferedEnvelope).Message;
            if (TraceHeader is { } header)
            {
                // net.tcp has no HTTP headers: the attempt's traceparent goes in the configured SOAP header.
                SoapTraceHeader.Replace(outgoing, header, RouterTracing.Outgoing(_inbound.TraceParent, null, out _));
            }
        }
        catch (Exception ex) when (ErrorClassifier.IsBadInput(ex))
        {
            source.Close();
            var reason = ex.GetType().Name;
            PipelineLog.ReencodeFailed(_logger, _received.Action, _context.Listener.Binding.Name, destination.Binding.Name, destination.Name, reason);
            RememberLength(destination, 0);
            return AttemptResult<DestinationReply>.Failed(ForwardError.EncodingFailed);
        }

        NetTcpOutcome outcome;
        try
        {
            // The session's encoder writes the message; its size on the wire is not known here.
            RememberLength(destination, 0);

            // With affinity the message goes on the client session's own backend session as it is (its MessageID the
            // client's), and whatever comes back is relayed to the client session in order: nothing to wait for here.
            outcome = _affinity is { } turn
                ? new NetTcpOutcome(await turn.Affinity.SendAsync(client, _cluster, destination, outgoing, turn, _cluster.RequestTimeout).ConfigureAwait(false), null)
                : await client.SendAsync(outgoing, expectReply: !_oneWay, cancellationToken).ConfigureAwait(false);
        }
        finally
        {
            outgoing.Close();
            source.Close();
        }

        if (outcome.Reply is { } reply)
        {
            // The session's reply is re-encoded for the client: thread-pool work, not the event thread's.
            await IoScheduling.LeaveEventThreadAsync().ConfigureAwait(false);
            return Replied(DestinationReply.Read(reply, bytes: null, outcome.Error == ForwardError.BackendFault));
        }

        return outcome.Error == ForwardError.None
            ? AttemptResult<DestinationReply>.Success(DestinationReply.Acknowledged())
            : AttemptResult<DestinationReply>.Failed(outcome.Error);
    }

    private Configuration.TraceHeaderConfig? TraceHeader => _state.State.Config.Telemetry.Tracing.SoapHeader;

    private bool TryEncodeRequest(DestinationState destination, MessageCodec codec, out PooledMessageBytes bytes, out string? soapAction)
    {
        bytes = null!;
        soapAction = null;
        var source = _received.Buffer!.CreateMessage();
        Message? outgoing = null;
        try
        {
            var request = MessageBridge.ForDestination(source, destination.Binding, destination.Address, _received.Action, _received.BufferedEnvelope);
            outgoing = request.Message;
            soapAction = request.SoapAction;
            if (TraceHeader is { } header)
            {
                // An HTTP destination gets the traceparent HTTP header; a client's SOAP copy would name a stale parent.
                SoapTraceHeader.Replace(outgoing, header, traceParent: null);
            }

            bytes = codec.Write(outgoing);
            return true;
        }
        catch (Exception ex) when (ErrorClassifier.IsBadInput(ex))
        {
            var reason = ErrorClassifier.IsTooLarge(ex) ? $"larger than {_state.MaxMessageSize} bytes once re-encoded" : ex.GetType().Name;
            PipelineLog.ReencodeFailed(_logger, _received.Action, _context.Listener.Binding.Name, destination.Binding.Name, destination.Name, reason);
            return false;
        }
        finally
        {
            outgoing?.Close();
            source.Close();
        }
    }

    private static AttemptResult<DestinationReply> Replied(DestinationReply reply) =>
        reply.IsFault ? AttemptResult<DestinationReply>.Fault(reply) : AttemptResult<DestinationReply>.Success(reply);

    private void RememberLength(DestinationState destination, int length)
    {
        if (_firstDestination is null)
        {
            _firstDestination = destination;
            _firstLength = length;
            return;
        }

        (_laterAttempts ??= []).Add((destination, length));
    }
}
