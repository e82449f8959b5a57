using System.Runtime.CompilerServices;
using SoapRouter.Caching;
using SoapRouter.Forwarding;
using SoapRouter.Telemetry;
using SoapRouter.Wire.Faults;
using SoapRouter.Wire.Framing;

namespace SoapRouter.Pipeline;

/// <summary>
/// The path of one message, top to bottom, as steps that take its <see cref="MessageContext"/>: read it (headers only;
/// the body only if a route asks), route it, authorize the caller, choose the cluster, answer it from the cache or forward
/// it (failover included), and make the client's answer from the destination's reply (<see cref="AnswerStep"/>).
/// Listeners make the context, hand it in and write back what this returns.
/// </summary>
internal sealed partial class MessagePipeline
{
    private readonly Forwarder _forwarder;
    private readonly DestinationSenders _senders;
    private readonly PipelineFaults _faults;
    private readonly OutcomeRecorder _outcomes;
    private readonly RouterStatistics _statistics;
    private readonly TimeProvider _timeProvider;
    private readonly ILogger _logger;
    private readonly Metadata.OneWayCatalog _oneWay;
    private readonly ResponseCache? _cache;
    private readonly Queues.DurableQueues? _queues;
    private readonly Queues.Multicast? _multicast;

    /// <summary>Creates the pipeline; it holds no per-message state.</summary>
    public MessagePipeline(
        Forwarder forwarder,
        DestinationSenders senders,
        PipelineFaults faults,
        OutcomeRecorder outcomes,
        RouterStatistics statistics,
        TimeProvider timeProvider,
        ILogger<MessagePipeline> logger,
        Metadata.OneWayCatalog oneWay,
        ResponseCache? cache = null,
        Queues.DurableQueues? queues = null,
        Queues.Multicast? multicast = null)
    {
        _queues = queues;
        _multicast = multicast;
        ArgumentNullException.ThrowIfNull(forwarder);
        ArgumentNullException.ThrowIfNull(senders);
        _senders = senders;
        ArgumentNullException.ThrowIfNull(faults);
        ArgumentNullException.ThrowIfNull(outcomes);
        ArgumentNullException.ThrowIfNull(statistics);
        ArgumentNullException.ThrowIfNull(timeProvider);
        ArgumentNullException.ThrowIfNull(logger);
        ArgumentNullException.ThrowIfNull(oneWay);
        _cache = cache;
        _oneWay = oneWay;
        _forwarder = forwarder;
        _faults = faults;
        _outcomes = outcomes;
        _statistics = statistics;
        _timeProvider = timeProvider;
        _logger = logger;
    }

    /// <summary>
    /// Handles the message of <paramref name="context"/> (received already) and records its outcome, once. Returns the
    /// answer for the client (a reply, a backend's fault or the router's own fault; an empty reply acknowledges a one-way
    /// message), or no answer when the client went away. The caller writes and disposes the answer, then releases the
    /// inbound buffer.
    /// </summary>
    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder<>))]
    public async ValueTask<PipelineResult> ProcessAsync(MessageContext context)
    {
        ArgumentNullException.ThrowIfNull(context);
        context.Started = _timeProvider.GetTimestamp();
        var result = await ProcessMessageAsync(context).ConfigureAwait(false);
        _outcomes.Record(context, result.Outcome);
        return result;
    }

    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder<>))]
    private async ValueTask<PipelineResult> ProcessMessageAsync(MessageContext context)
    {
        var inbound = context.Inbound;
        if (inbound.Length == 0 && inbound.Decoded is null)
        {
            return Refuse(context, SoapFaultSpec.Sender("The message is empty."), FaultKind.BadRequest, bytesIn: 0);
        }

        using var received = InboundReader.Read(context, out var readError);
        if (received is null)
        {
            return Refuse(context, SoapFaultSpec.Sender(readError!), FaultKind.BadRequest);
        }

        context.Received = received;
        if (context.Activity is { IsAllDataRequested: true } activity && received.Action is { } action)
        {
            activity.DisplayName = action;
            activity.SetTag(SpanTags.Action, action);
        }

        var result = await ProcessReceivedAsync(context).ConfigureAwait(false);
        var outcome = result.Outcome with { Action = received.Action };

        // A one-way message on a session has nobody waiting: not even a fault goes back (WCF services send none).
        if (result.Answer is { Message: not null } answer && inbound.Decoded is not null && received.HasAddressing && received.MessageId is null)
        {
            answer.Dispose();
            return new PipelineResult(ClientAnswer.OneWayAck(), outcome);
        }

        return result with { Outcome = outcome };
    }

    /// <summary>
    /// The router's own fault for the message of <paramref name="context"/>, correlated to its MessageID once read, written,
    /// logged, and its outcome (the route's, when one matched); <paramref name="bytesIn"/> defaults to what was received.
    /// </summary>
    private PipelineResult Refuse(
        MessageContext context, SoapFaultSpec fault, FaultKind kind, int statusCode = SoapFaultMessages.HttpStatusCode, long? bytesIn = null)
    {
        var answer = _faults.Write(context.Listener.Binding, fault, context.MessageId, statusCode);
        PipelineLog.Refused(_logger, context.Listener.Name, statusCode, fault.Reason);
        var outcome = MessageOutcome.Refused(kind, bytesIn ?? context.ReceivedLength, answer.Length) with
        {
            Route = context.Route,
            RouteCounters = context.RouteCounters,
        };
        return new PipelineResult(answer, outcome);
    }

    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder<>))]
    private async ValueTask<PipelineResult> ProcessReceivedAsync(MessageContext context)
    {
        var inbound = context.Inbound;
        var received = context.Received!;
        var state = context.State;

        // A client session bound to a backend session of its own sends everything there (callback replies included,
        // which no route may name): its route and destination were chosen by its first message.
        var turn = inbound.Turn;
        var bound = turn?.Affinity.Bound;
        var route = bound?.Route ?? state.State.Routes.Match(received.Routable);
        if (route is null)
        {
            return Refuse(context, SoapFaultSpec.Sender(PipelineFaults.NoRouteReason(received.Action)), FaultKind.NoRoute);
        }

        context.Routed(route, state.RouteCounters(route));
        if (route.ClientCertificates is { } allowed && !allowed.Admits(inbound.ClientCertificate))
        {
            PipelineLog.AccessDenied(_logger, context.Listener.Name, route.Name, inbound.ClientCertificate?.Subject ?? "no certificate");
            return Refuse(context, PipelineFaults.AccessDenied, FaultKind.AccessDenied, StatusCodes.Status403Forbidden);
        }

        var target = bound is null ? state.Target(route.Cluster) : null;
        if ((bound?.Cluster ?? target?.Cluster) is not { } cluster)
        {
            // Every destination of the cluster speaks a binding this build cannot send to (warned at load).
            // Validation ties every route to a cluster; reaching this means a state was built from an unchecked config.
            return Refuse(context, SoapFaultSpec.Receiver(PipelineFaults.Unavailable), FaultKind.BackendUnavailable);
        }

        context.Cluster = cluster;

        // A streamed message is never buffered: the re-encode path reads it as a stream.
        if (target is not null && inbound.Streamed is null && target.NeedsReencoding(context.Listener.Binding) && !received.TryBuffer(context))
        {
            return Refuse(context, SoapFaultSpec.Sender("The message could not be read."), FaultKind.BadRequest);
        }

        // A WS-Addressing message without a MessageID is one-way (WCF sends none then); for others the route's
        // oneWayActions or, without them, the cluster's WSDL say so.
        context.OneWay = (received.HasAddressing && received.MessageId is null) || _oneWay.IsOneWay(route, received.Action);
        var forwarded = route.ForwardsClientCertificate && inbound.ClientCertificate is { } certificate
            ? Tls.CertificateIdentity.Of(certificate).ForwardedHeader
            : null;
        // A durable route's one-way message is kept (its copies too) before the client is acknowledged, then delivered; a
        // net.tcp session's too, written on its own. Not a streamed one, whose body the router never holds, and not one of
        // a session bound to a backend session of its own (a durable route keeps no affinity, so that is another route's).
        if (context.OneWay && route.Delivery.IsDurable && _queues is not null && inbound.Streamed is null && bound is null)
        {
            return await AcceptDurableAsync(context, _queues).ConfigureAwait(false);
        }

        if (route.CopyTo.Count > 0)
        {
            _multicast?.Send(context);
        }

        var affinity = Forwarding.NetTcp.SessionTurn.OnRoute(turn, route);
        IMessageSender sender = inbound.Streamed is null
            ? new MessageSender(new OutgoingMessage(context, forwarded, affinity), _senders)
            : new Streaming.StreamedSender(context, _logger, forwarded);
        if (sender is MessageSender buffered && bound is null && !context.OneWay && CacheKey(context) is { } cached)
        {
            return await ServeCachedAsync(context, cached, buffered).ConfigureAwait(false);
        }

        return await ForwardAsync(context, sender, bound).ConfigureAwait(false);
    }

    /// <summary>Forwards the message (failover included) and makes the client's answer from what came back, counting it.</summary>
    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder<>))]
    private async ValueTask<PipelineResult> ForwardAsync(MessageContext context, IMessageSender sender, Forwarding.NetTcp.BoundSession? bound = null)
    {
        var inbound = context.Inbound;
        var cluster = context.Cluster!;
        var result = bound is null
            ? await _forwarder.ForwardAsync(cluster, context.Route!.IsIdempotent(context.Received!.Action), sender, inbound.Aborted).ConfigureAwait(false)
            : await _forwarder.ForwardToAsync(cluster, bound.Destination, sender, inbound.Aborted).ConfigureAwait(false);
        if (result.HasReply)
        {
            return Answer(context, result, sender);
        }

        _outcomes.RecordForwarding(context, result, sender, replyLength: 0);
        if (result.Error is ForwardError.ClientFailed && inbound.Streamed?.FailureKind == FaultKind.BadRequest)
        {
            // A streamed body past limits.streamed.maxMessageSize (Kestrel stopped reading it): 413, and the connection closes.
            return Refuse(
                context,
                SoapFaultSpec.Sender($"The message is larger than the router's limit of {context.State.State.Config.Limits.Streamed.MaxMessageSize} bytes."),
                FaultKind.BadRequest,
                StatusCodes.Status413PayloadTooLarge);
        }

        if (result.Error is ForwardError.Cancelled or ForwardError.ClientFailed)
        {
            // The client went away, or its streamed body stopped coming (too slow): there is nobody to answer.
            var kind = result.Error == ForwardError.ClientFailed ? inbound.Streamed!.FailureKind : FaultKind.ClientAborted;
            PipelineLog.ClientAborted(_logger, context.Listener.Name);
            return new PipelineResult(
                null,
                MessageOutcome.Refused(kind, context.ReceivedLength, 0) with
                {
                    Path = PathOf(context, result),
                    Route = context.Route,
                    RouteCounters = context.RouteCounters,
                });
        }

        return Fail(context, result);
    }

    /// <summary>
    /// The client's answer made from the destination's reply, after forwarding: when the router cannot make it, that is the
    /// router's failure (<see cref="FaultKind.ReplyNotReencoded"/>), and the destination that answered stays healthy.
    /// </summary>
    private PipelineResult Answer(MessageContext context, ForwardResult<DestinationReply> result, IMessageSender sender)
    {
        var bytesIn = context.ReceivedLength;
        var path = PathOf(context, result);

        // A session's reply is read by its connection, so its bytes are not known here (counted as 0).
        _outcomes.RecordForwarding(context, result, sender, result.Reply!.Length);
        if (AnswerStep.Make(context, result.Destination!, result.Reply, _logger) is not { } reply)
        {
            var fault = _faults.Write(context.Listener.Binding, SoapFaultSpec.Receiver(PipelineFaults.ReplyNotReencoded), context.MessageId);
            return new PipelineResult(
                fault,
                MessageOutcome.Refused(FaultKind.ReplyNotReencoded, bytesIn, fault.Length) with
                {
                    Path = path,
                    Route = context.Route,
                    RouteCounters = context.RouteCounters,
                });
        }

        if (reply.Streamed is { } streamed && path is { } streamedPath && result.Destination is { } answered && sender is Streaming.StreamedSender { LastContent: { } sent })
        {
            // Its bytes go on passing after this: they are added where it is counted now once the reply is done.
            streamed.Traffic = new Streaming.StreamedTraffic(
                _statistics, streamedPath, _statistics.Listener(context.Listener.Name), context.RouteCounters!, context.State.DestinationCounters(answered),
                context.Inbound.Streamed!, sent, bytesIn, sent.Written);
        }

        if (_logger.IsEnabled(LogLevel.Debug))
        {
            var pathName = path == ForwardingPath.Reencoded ? "re-encoded" : "verbatim";
            var status = reply.IsOneWayAck ? StatusCodes.Status202Accepted : reply.IsFault ? StatusCodes.Status500InternalServerError : StatusCodes.Status200OK;
            var elapsedMs = ElapsedMs(context.Started);
            PipelineLog.Routed(
                _logger, context.Listener.Name, context.Received!.Action, context.Route!.Name, result.Destination?.Name, pathName, status, bytesIn, reply.Length, elapsedMs);
        }

        return new PipelineResult(reply, new MessageOutcome
        {
            Fault = result.Error == ForwardError.BackendFault ? FaultKind.BackendFault : null,
            Path = path,
            OneWay = reply.IsOneWayAck,
            BytesIn = bytesIn,
            BytesOut = reply.Length,
            Route = context.Route,
            RouteCounters = context.RouteCounters,
        });
    }

    private PipelineResult Fail(MessageContext context, ForwardResult<DestinationReply> result)
    {
        var reason = result.Error switch
        {
            ForwardError.RequestTimeout or ForwardError.ConnectTimeout => PipelineFaults.TimedOut,
            ForwardError.EncodingFailed => "The message could not be re-encoded for the service it is routed to.",
            ForwardError.BackendError => PipelineFaults.BackendError,
            _ => PipelineFaults.Unavailable,
        };
        var fault = _faults.Write(context.Listener.Binding, SoapFaultSpec.Receiver(reason), context.MessageId);
        var kind = result.Error == ForwardError.BackendError ? FaultKind.BackendError : FaultKind.BackendUnavailable;
        if (_logger.IsEnabled(LogLevel.Debug))
        {
            var elapsedMs = ElapsedMs(context.Started);
            PipelineLog.ForwardFailed(
                _logger, context.Listener.Name, context.Received!.Action, context.Route!.Name, result.Destination?.Name, result.Error, result.AttemptCount, elapsedMs);
        }

        return new PipelineResult(
            fault,
            MessageOutcome.Refused(kind, context.ReceivedLength, fault.Length) with
            {
                Path = PathOf(context, result),
                Route = context.Route,
                RouteCounters = context.RouteCounters,
            });
    }

    /// <summary>
    /// The durable step: the message kept in its route's queue (and its copies'), flushed, then acknowledged (HTTP 202;
    /// nothing on a net.tcp session, whose End waits for it); a store that is full or cannot be written refuses it with 503
    /// (WCF's ServerTooBusy), or ends a net.tcp client's session with the ServerTooBusy framing fault, so nothing is
    /// acknowledged that was not kept.
    /// </summary>
    private async ValueTask<PipelineResult> AcceptDurableAsync(MessageContext context, Queues.DurableQueues queues)
    {
        if (Queues.KeptBytes.Of(context) is not { } kept)
        {
            // Only a session's message is written to be kept: larger than limits.maxMessageSize in msbin1, or its body unreadable.
            Queues.QueueLog.NotWritable(_logger, context.Listener.Name, context.Route!.Name);
            return RefuseDurable(
                context, SoapFaultSpec.Sender("The message could not be read to be kept."), FaultKind.BadRequest, StatusCodes.Status400BadRequest, framingFault: null);
        }

        // Not cut short by the client leaving: a commit under way ends either way, and a kept message is delivered.
        var stored = await queues.AcceptAsync(context, kept, CancellationToken.None).ConfigureAwait(false);
        if (stored is Queues.StoreResult.Stored or Queues.StoreResult.Duplicate)
        {
            return new PipelineResult(ClientAnswer.OneWayAck(), new MessageOutcome
            {
                OneWay = true,
                BytesIn = context.ReceivedLength,
                Route = context.Route,
                RouteCounters = context.RouteCounters,
            });
        }

        Queues.QueueLog.Refused(_logger, context.Listener.Name, context.Route!.Name, stored);
        return RefuseDurable(
            context, SoapFaultSpec.Receiver(PipelineFaults.NotKept), FaultKind.RouterBusy, StatusCodes.Status503ServiceUnavailable, FramingFaults.ServerTooBusy);
    }

    /// <summary>
    /// A durable message the router did not keep: an HTTP client gets <paramref name="fault"/> with
    /// <paramref name="statusCode"/>; a net.tcp session has no answer to a one-way message to carry a fault, so the session
    /// ends with <paramref name="framingFault"/> (aborted when null): the client's next call or its close fails, and a
    /// clean close still means every message it sent was kept.
    /// </summary>
    private PipelineResult RefuseDurable(MessageContext context, SoapFaultSpec fault, FaultKind kind, int statusCode, string? framingFault)
    {
        if (context.Inbound.Decoded is null)
        {
            return Refuse(context, fault, kind, statusCode);
        }

        PipelineLog.SessionEnded(_logger, context.Listener.Name, framingFault ?? "none", fault.Reason);
        var outcome = MessageOutcome.Refused(kind, context.ReceivedLength, 0) with
        {
            Route = context.Route,
            RouteCounters = context.RouteCounters,
        };
        return new PipelineResult(ClientAnswer.EndSession(framingFault), outcome);
    }

    private static ForwardingPath? PathOf(MessageContext context, ForwardResult<DestinationReply> result) =>
        result.Destination is { } destination ? context.PathTo(destination) : null;

    private double ElapsedMs(long started) => _timeProvider.GetElapsedTime(started).TotalMilliseconds;
}
