using System.ServiceModel.Channels;
using SoapRouter.Forwarding.Http;
using SoapRouter.Forwarding.NetTcp;
using SoapRouter.Forwarding.Rewriting;
using SoapRouter.Forwarding;
using SoapRouter.Hosting;
using SoapRouter.LoadBalancing;
using SoapRouter.Pipeline;
using SoapRouter.Reencoding;
using SoapRouter.Telemetry;
using SoapRouter.Wire.Errors;

namespace SoapRouter.Streaming;

/// <summary>
/// Sends one streamed message to the destinations the forwarder picks: a destination whose messages are of the listener's
/// binding gets the header section with only To spliced and then the body as it arrives (verbatim); any other a streamed
/// re-encode. HTTP destinations get it over HTTP, streamed netTcp ones over net.tcp in the singleton-unsized mode (their
/// messages are msbin1, binaryHttp's; their replies are always re-encoded, since only the message says whether it is a
/// fault). The reply comes back open, to be passed on as it arrives. The message can go to another destination only
/// while none of its bytes was written to one (a refused or timed-out connect, a TLS failure): after that it is gone from
/// the router, and whatever went wrong is the client's answer.
/// </summary>
/// <param name="context">The message whose streamed request is sent, read and routed (its cluster chosen).</param>
internal sealed class StreamedSender(MessageContext context, ILogger logger, string? clientCertificateHeader) : IMessageSender
{
    private readonly MessageContext _context = context;
    private readonly PipelineState _state = context.State;
    private readonly ClusterState _cluster = context.Cluster ?? throw new ArgumentException("The message has no cluster yet.", nameof(context));
    private readonly InboundMessage _inbound = context.Inbound;
    private readonly ReceivedMessage _received = context.Received ?? throw new ArgumentException("The message has not been read yet.", nameof(context));
    private readonly StreamedRequest _request = context.Inbound.Streamed ?? throw new ArgumentException("The message is not a streamed one.", nameof(context));
    private readonly ILogger _logger = logger;
    private readonly string? _clientCertificateHeader = clientCertificateHeader;
    private ToSplicer _to;
    private AttemptDeadline? _deadline;
    private DestinationState? _lastDestination;
    private StreamedContent? _lastContent;
    private bool _sent;

    /// <inheritdoc />
    public bool CanSendAgain => !_sent && !_request.RestTaken;

    /// <inheritdoc />
    public bool Replayable => false;

    /// <summary>The bytes the last attempt wrote, for the counters that follow the reply.</summary>
    public StreamedContent? LastContent => _lastContent;

    /// <inheritdoc />
    public void BeginAttempt(AttemptDeadline deadline) => _deadline = deadline;

    /// <inheritdoc />
    public long SentLength(DestinationState destination, long fallback) =>
        ReferenceEquals(destination, _lastDestination) ? _lastContent!.Written : _lastDestination is null ? fallback : 0;

    /// <inheritdoc />
    public async ValueTask<AttemptResult<DestinationReply>> SendAsync(DestinationState destination, CancellationToken cancellationToken)
    {
        // A streamed net.tcp destination takes msbin1 in singleton-unsized framing: its message binding, not its session's.
        var messages = destination.StreamedMessageBinding;
        var path = ForwardingPaths.Between(_context.Listener.Binding, destination);
        RouterTracing.CurrentAttempt?.SetTag(SpanTags.Path, ForwardingPaths.TagOf(path));
        var progress = _deadline is { } deadline ? deadline.Progress : (Action?)null;
        _request.Progress = progress;
        var limits = _state.State.Config.Limits.Streamed;
        using var spliced = path == ForwardingPath.Verbatim
            ? _to.SpliceFor(_request.HeaderBytes.Span, _context.Listener.Binding, _received.To, destination.Config.Address)
            : null;
        StreamedContent content = path == ForwardingPath.Verbatim
            ? new StreamedVerbatimContent(_request, spliced!.Select(_request.HeaderBytes), _inbound.ContentType, StreamedExchange.ChunkSize) { Progress = progress }
            : new StreamedReencodedContent(
                _request, _state.Codec(_context.Listener.Binding), _inbound.ContentType, _state.Codec(messages), source => Bridge(source, destination), limits.MaxHeadersSize)
            { Progress = progress };
        _lastDestination = destination;
        _lastContent = content;
        var traceParent = RouterTracing.Outgoing(_inbound.TraceParent, _inbound.TraceState, out var traceState);
        var request = new RawSoapRequest(ReadOnlyMemory<byte>.Empty, _inbound.ContentType)
        {
            SoapAction = path == ForwardingPath.Verbatim ? _inbound.SoapActionHeader : MessageBridge.SoapActionFor(messages, _received.Action),
            TraceParent = traceParent,
            TraceState = traceState,
            Action = _received.Action,
            ClientCertificate = _clientCertificateHeader,
        };
        AttemptResult<StreamedReply> result;
        try
        {
            result = destination.Binding.IsHttp
                ? await _state.StreamedTransport.SendAsync(destination, _cluster.ConnectTimeout, request, content, cancellationToken).ConfigureAwait(false)
                : await NetTcpStreamedTransport.SendAsync(
                    destination, _state.NetTcp.StreamedTls(destination), _cluster.ConnectTimeout, content, limits.MaxMessageSize, cancellationToken).ConfigureAwait(false);
        }
        finally
        {
            // Whatever happens next, a message whose bytes began to go out goes nowhere else.
            _sent |= content.SerializationStarted;
        }
        if (result.Reply is not { } reply)
        {
            return AttemptResult<DestinationReply>.Failed(Classify(result.Error, content, destination));
        }

        var isFault = result.Error == ForwardError.BackendFault;
        if (!isFault && reply.ContentLength == 0)
        {
            // An empty 2xx is how WCF acknowledges a one-way message.
            reply.Dispose();
            return AttemptResult<DestinationReply>.Success(DestinationReply.Acknowledged());
        }

        // The verbatim path passes the reply on as it comes; any other reads its header section with the destination's encoder.
        DestinationReply replied;
        if (path == ForwardingPath.Verbatim && destination.Binding.IsHttp)
        {
            replied = DestinationReply.Streamed(reply, read: null, isFault);
        }
        else if (await ReadReplyAsync(reply, destination, cancellationToken).ConfigureAwait(false) is { } read)
        {
            replied = DestinationReply.Streamed(reply, read, isFault);
        }
        else
        {
            return AttemptResult<DestinationReply>.Failed(ForwardError.ResponseInvalid);
        }

        return replied.IsFault ? AttemptResult<DestinationReply>.Fault(replied) : AttemptResult<DestinationReply>.Success(replied);
    }

    /// <summary>
    /// The attempt's error, corrected for failures of the message's own side: the client's stream (gone, too slow, too
    /// large) or XML the destination's encoding cannot carry. Neither is the destination's fault.
    /// </summary>
    private ForwardError Classify(ForwardError error, StreamedContent content, DestinationState destination)
    {
        if (_request.ClientFailure is not null)
        {
            return _inbound.Aborted.IsCancellationRequested ? ForwardError.Cancelled : ForwardError.ClientFailed;
        }

        if (content.WriteFailure is { } failure)
        {
            var reason = failure.GetType().Name;
            PipelineLog.ReencodeFailed(_logger, _received.Action, _context.Listener.Binding.Name, destination.Binding.Name, destination.Name, reason);
            return ForwardError.EncodingFailed;
        }

        return error;
    }

    /// <summary>The request for <paramref name="destination"/>, made from the streamed <paramref name="source"/> (owned from here on).</summary>
    private Message Bridge(Message source, DestinationState destination)
    {
        var outgoing = MessageBridge.ForDestination(source, destination.StreamedMessageBinding, destination.Address, _received.Action).Message;
        if (_state.State.Config.Telemetry.Tracing.SoapHeader is { } header)
        {
            // An HTTP destination gets the traceparent HTTP header; a client's SOAP copy would name a stale parent.
            SoapTraceHeader.Replace(outgoing, header, traceParent: null);
        }

        return outgoing;
    }

    /// <summary>
    /// The reply's header section read by the destination's encoder as a streamed message (its body read as the client
    /// takes it); null (logged, the reply released) when the destination's reply cannot be read.
    /// </summary>
    private async ValueTask<Message?> ReadReplyAsync(StreamedReply reply, DestinationState destination, CancellationToken cancellationToken)
    {
        try
        {
            var body = await reply.OpenBodyAsync(cancellationToken).ConfigureAwait(false);

            // WCF reads the reply's header section synchronously: off the socket's event thread first.
            await IoScheduling.LeaveEventThreadAsync().ConfigureAwait(false);
            return _state.Codec(destination.StreamedMessageBinding).Encoder.ReadMessage(body, _state.State.Config.Limits.Streamed.MaxHeadersSize, reply.ContentType);
        }
        catch (Exception ex) when (ErrorClassifier.IsBadInput(ex) || ErrorClassifier.IsConnectionFailure(ex) || ex is InvalidOperationException)
        {
            reply.Dispose();
            var reason = ex.GetType().Name;
            PipelineLog.ReplyReencodeFailed(_logger, destination.Name, destination.Binding.Name, _context.Listener.Binding.Name, reason);
            return null;
        }
    }
}
