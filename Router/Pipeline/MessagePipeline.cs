using System.ServiceModel.Channels;
using SoapRouter.Caching;
using SoapRouter.Forwarding;
using SoapRouter.Forwarding.Http;
using SoapRouter.Forwarding.Rewriting;
using SoapRouter.Hosting;
using SoapRouter.Reencoding;
using SoapRouter.Telemetry;
using SoapRouter.Wire.Faults;
using Route = SoapRouter.Routing.Route;

namespace SoapRouter.Pipeline;

/// <summary>
/// The path of one message, top to bottom: read it (headers only; the body only if a route asks), route it, choose the
/// destinations, forward it on the verbatim or the re-encode path with failover, and produce the client's answer.
/// Listeners turn their transport into an <see cref="InboundMessage"/> and write back what this returns.
/// </summary>
internal sealed partial class MessagePipeline
{
    private readonly RouterRuntime _runtime;
    private readonly PipelineStateCache _states;
    private readonly Forwarder _forwarder;
    private readonly PipelineFaults _faults;
    private readonly OutcomeRecorder _outcomes;
    private readonly RouterStatistics _statistics;
    private readonly TimeProvider _timeProvider;
    private readonly ILogger _logger;
    private readonly Metadata.OneWayCatalog _oneWay;
    private readonly ResponseCache? _cache;

    /// <summary>Creates the pipeline; it holds no per-message state.</summary>
    public MessagePipeline(
        RouterRuntime runtime,
        PipelineStateCache states,
        Forwarder forwarder,
        PipelineFaults faults,
        OutcomeRecorder outcomes,
        RouterStatistics statistics,
        TimeProvider timeProvider,
        ILogger<MessagePipeline> logger,
        Metadata.OneWayCatalog oneWay,
        ResponseCache? cache = null)
    {
        _cache = cache;
        ArgumentNullException.ThrowIfNull(runtime);
        ArgumentNullException.ThrowIfNull(states);
        ArgumentNullException.ThrowIfNull(forwarder);
        ArgumentNullException.ThrowIfNull(faults);
        ArgumentNullException.ThrowIfNull(outcomes);
        ArgumentNullException.ThrowIfNull(statistics);
        ArgumentNullException.ThrowIfNull(timeProvider);
        ArgumentNullException.ThrowIfNull(logger);
        ArgumentNullException.ThrowIfNull(oneWay);
        _oneWay = oneWay;
        _runtime = runtime;
        _states = states;
        _forwarder = forwarder;
        _faults = faults;
        _outcomes = outcomes;
        _statistics = statistics;
        _timeProvider = timeProvider;
        _logger = logger;
    }

    /// <summary>The faults the router answers itself, for listeners that refuse before the pipeline runs.</summary>
    public PipelineFaults Faults => _faults;

    /// <summary>The counters every message is counted in.</summary>
    public RouterStatistics Statistics => _statistics;

    /// <summary>Where every message's outcome is recorded, for listeners that drop a client before the pipeline runs.</summary>
    public OutcomeRecorder Outcomes => _outcomes;

    /// <summary>The state of the config in use; read it once per message and keep it for that message.</summary>
    public PipelineState CurrentState => _states.Get(_runtime.State);

    /// <summary>
    /// Handles <paramref name="inbound"/> on <paramref name="state"/> and records its outcome, once. Returns the answer for
    /// the client (a reply, a backend's fault or the router's own fault; an empty reply acknowledges a one-way message), or
    /// no answer when the client went away. The caller writes and disposes the answer, then releases the inbound buffer.
    /// </summary>
    public async ValueTask<PipelineResult> ProcessAsync(InboundMessage inbound, PipelineState state)
    {
        ArgumentNullException.ThrowIfNull(inbound);
        ArgumentNullException.ThrowIfNull(state);
        var started = _timeProvider.GetTimestamp();
        var result = await ProcessMessageAsync(inbound, state, started).ConfigureAwait(false);
        _outcomes.Record(inbound, result.Outcome, started);
        return result;
    }

    private async ValueTask<PipelineResult> ProcessMessageAsync(InboundMessage inbound, PipelineState state, long started)
    {
        if (inbound.Length == 0 && inbound.Decoded is null)
        {
            return Refuse(inbound, SoapFaultSpec.Sender("The message is empty."), FaultKind.BadRequest, bytesIn: 0);
        }

        using var received = Read(state, inbound, out var readError);
        if (received is null)
        {
            return Refuse(inbound, SoapFaultSpec.Sender(readError!), FaultKind.BadRequest);
        }

        if (inbound.Activity is { IsAllDataRequested: true } activity && received.Action is { } action)
        {
            activity.DisplayName = action;
            activity.SetTag(SpanTags.Action, action);
        }

        var result = await ProcessReceivedAsync(inbound, state, received, started).ConfigureAwait(false);
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
    /// The router's own fault for <paramref name="inbound"/>, written, logged, and its outcome (the route's, when one matched);
    /// <paramref name="bytesIn"/> defaults to what was received.
    /// </summary>
    private PipelineResult Refuse(
        InboundMessage inbound,
        SoapFaultSpec fault,
        FaultKind kind,
        string? relatesTo = null,
        int statusCode = SoapFaultMessages.HttpStatusCode,
        Route? route = null,
        Telemetry.TrafficCounters? routeCounters = null,
        long? bytesIn = null)
    {
        var answer = _faults.Write(inbound.Listener.Binding, fault, relatesTo, statusCode);
        PipelineLog.Refused(_logger, inbound.Listener.Name, statusCode, fault.Reason);
        var outcome = MessageOutcome.Refused(kind, bytesIn ?? inbound.ReceivedLength, answer.Length) with { Route = route, RouteCounters = routeCounters };
        return new PipelineResult(answer, outcome);
    }

    private async ValueTask<PipelineResult> ProcessReceivedAsync(InboundMessage inbound, PipelineState state, ReceivedMessage received, long started)
    {
        var listener = inbound.Listener;

        // A client session bound to a backend session of its own sends everything there (callback replies included,
        // which no route may name): its route and destination were chosen by its first message.
        var turn = inbound.Turn;
        var bound = turn?.Session.Bound;
        var route = bound?.Route ?? state.State.Routes.Match(received.Routable);
        if (route is null)
        {
            return Refuse(inbound, SoapFaultSpec.Sender(PipelineFaults.NoRouteReason(received.Action)), FaultKind.NoRoute, received.MessageId);
        }

        inbound.Activity?.SetTag(SpanTags.Route, route.Name);
        var routeCounters = state.RouteCounters(route);
        if (route.ClientCertificates is { } allowed && !allowed.Admits(inbound.ClientCertificate))
        {
            PipelineLog.AccessDenied(_logger, listener.Name, route.Name, inbound.ClientCertificate?.Subject ?? "no certificate");
            return Refuse(inbound, PipelineFaults.AccessDenied, FaultKind.AccessDenied, received.MessageId, StatusCodes.Status403Forbidden, route, routeCounters);
        }

        var target = bound is null ? state.Target(route.Cluster) : null;
        if ((bound?.Cluster ?? target?.Cluster) is not { } cluster)
        {
            // Every destination of the cluster speaks a binding this build cannot send to (warned at load).
            // Validation ties every route to a cluster; reaching this means a state was built from an unchecked config.
            return Refuse(
                inbound, SoapFaultSpec.Receiver(PipelineFaults.Unavailable), FaultKind.BackendUnavailable, received.MessageId, route: route, routeCounters: routeCounters);
        }

        // A streamed message is never buffered: the re-encode path reads it as a stream.
        if (target is not null && inbound.Streamed is null && target.NeedsReencoding(listener.Binding) && !received.TryBuffer(state, inbound))
        {
            return Refuse(
                inbound, SoapFaultSpec.Sender("The message could not be read."), FaultKind.BadRequest, received.MessageId, route: route, routeCounters: routeCounters);
        }

        // A WS-Addressing message without a MessageID is one-way (WCF sends none then); for others the route's
        // oneWayActions or, without them, the cluster's WSDL say so.
        var oneWay = (received.HasAddressing && received.MessageId is null) || _oneWay.IsOneWay(route, received.Action);
        var forwarded = route.ForwardsClientCertificate && inbound.ClientCertificate is { } certificate
            ? Tls.CertificateIdentity.Of(certificate).ForwardedHeader
            : null;
        var affinity = Listening.NetTcp.SessionTurn.OnRoute(turn, route);
        IMessageSender sender = inbound.Streamed is null
            ? new MessageSender(state, cluster, inbound, received, oneWay, _logger, forwarded, affinity)
            : new Streaming.StreamedSender(state, cluster, inbound, received, _logger, forwarded);
        if (sender is MessageSender buffered && bound is null && !oneWay && _cache is not null && route.Cache is { } policy && policy.Find(received.Action) is { } cached
            && ResponseCache.KeyOf(policy, cached, inbound, received) is { } key)
        {
            var production = new CachedForward(this, inbound, state, route, routeCounters, cluster, buffered, received, started);
            return await ServeCachedAsync(key, policy, cached, production).ConfigureAwait(false);
        }

        return await ForwardAsync(inbound, state, route, routeCounters, cluster, sender, received, started, bound).ConfigureAwait(false);
    }

    /// <summary>Forwards the message (failover included) and makes the client's answer from what came back, counting it.</summary>
    private async ValueTask<PipelineResult> ForwardAsync(
        InboundMessage inbound,
        PipelineState state,
        Route route,
        Telemetry.TrafficCounters routeCounters,
        LoadBalancing.ClusterState cluster,
        IMessageSender sender,
        ReceivedMessage received,
        long started,
        Listening.NetTcp.SessionAffinity? bound = null)
    {
        var result = bound is null
            ? await _forwarder.ForwardAsync(cluster, route.IsIdempotent(received.Action), sender, inbound.Aborted).ConfigureAwait(false)
            : await _forwarder.ForwardToAsync(cluster, bound.Destination, sender, inbound.Aborted).ConfigureAwait(false);
        if (result.HasReply)
        {
            return Answer(inbound, state, route, routeCounters, result, sender, received, started);
        }

        RecordAttempts(state, result, sender, inbound, replyLength: 0);
        if (result.Error is ForwardError.ClientFailed && inbound.Streamed?.FailureKind == FaultKind.BadRequest)
        {
            // A streamed body past limits.streamed.maxMessageSize (Kestrel stopped reading it): 413, and the connection closes.
            return Refuse(
                inbound,
                SoapFaultSpec.Sender($"The message is larger than the router's limit of {state.State.Config.Limits.Streamed.MaxMessageSize} bytes."),
                FaultKind.BadRequest,
                received.MessageId,
                StatusCodes.Status413PayloadTooLarge,
                route,
                routeCounters);
        }

        if (result.Error is ForwardError.Cancelled or ForwardError.ClientFailed)
        {
            // The client went away, or its streamed body stopped coming (too slow): there is nobody to answer.
            var kind = result.Error == ForwardError.ClientFailed ? inbound.Streamed!.FailureKind : FaultKind.ClientAborted;
            PipelineLog.ClientAborted(_logger, inbound.Listener.Name);
            return new PipelineResult(
                null,
                MessageOutcome.Refused(kind, inbound.ReceivedLength, 0) with { Path = PathOf(result, sender), Route = route, RouteCounters = routeCounters });
        }

        return Fail(inbound, route, routeCounters, result, sender, received, started);
    }

    /// <summary>
    /// Reads the message far enough to route it: text envelopes with the router's own reader (no WCF message unless a
    /// destination needs re-encoding), binary ones with WCF's encoder, buffered at once.
    /// </summary>
    private static ReceivedMessage? Read(PipelineState state, InboundMessage inbound, out string? error)
    {
        error = null;
        var listener = inbound.Listener;
        if (inbound.Decoded is { } decoded)
        {
            // A session's decoder has read it already, in the order its dictionary needs; its headers may still be bad,
            // and its body has not been read at all.
            try
            {
                var fromSession = ReceivedMessage.FromBuffer(decoded, listener.Path, transportAction: null);
                if (listener.ValidateBody && !TryReadBody(decoded, out error))
                {
                    fromSession.Dispose();
                    return null;
                }

                return fromSession;
            }
            catch (Exception ex) when (WireErrors.IsBadInput(ex))
            {
                error = "A WS-Addressing header of the message is not valid.";
                return null;
            }
        }

        var transportAction = listener.Binding.TransportAction(inbound.ContentType, inbound.SoapActionHeader);
        if (!listener.Binding.IsBinary && !listener.Binding.IsMtom)
        {
            var parsed = state.Reader.ReadText(inbound.Bytes, listener.Path, transportAction, listener.ValidateBody);
            if (parsed.Succeeded)
            {
                return ReceivedMessage.FromText(parsed.Message!);
            }

            // The reason is one of the reader's fixed sentences, never parser text.
            error = parsed.ErrorMessage ?? "The message could not be read.";
            return null;
        }

        // MTOM: the package's structure first, so a missing part gets its own answer (and the verbatim path the root part).
        ByteRange? envelope = null;
        if (listener.Binding.IsMtom)
        {
            var problem = MtomPackage.Check(inbound.Bytes, inbound.ContentType, out var root);
            if (problem != MtomPackageError.None)
            {
                error = MtomPackage.Describe(problem);
                return null;
            }

            envelope = root;
        }

        Message? message = null;
        try
        {
            // An august2004 listener's WCF clients send an anonymous ReplyTo WCF 10.1 cannot read: WCF reads a copy without it.
            var bytes = inbound.Bytes;
            if (August2004ReplyTo.ReadableCopy(listener.Binding, bytes, state.Limits) is { } readable)
            {
                bytes = readable;
            }

            message = state.Codec(listener.Binding).Read(bytes, inbound.ContentType);

            // Buffered before any header is touched, so every copy made from it is the client's message.
            var buffer = message.CreateBufferedCopy(state.MaxMessageSize);
            if (listener.ValidateBody && !TryReadBody(buffer, out error))
            {
                buffer.Close();
                return null;
            }

            return ReceivedMessage.FromBuffer(buffer, listener.Path, transportAction, envelope);
        }
        catch (Exception ex) when (WireErrors.IsBadInput(ex))
        {
            error = WireErrors.IsTooLarge(ex) ? "The message is over the router's reader quotas."
                : listener.Binding.IsMtom ? "The message could not be read as MTOM." : "The message could not be read as msbin1.";
            return null;
        }
        finally
        {
            message?.Close();
        }
    }

    /// <summary>Reads the body of <paramref name="buffer"/> to its end; false with the client's reason when it is not a valid message.</summary>
    private static bool TryReadBody(MessageBuffer buffer, out string? error)
    {
        try
        {
            MessageBodyCheck.ReadToEnd(buffer);
            error = null;
            return true;
        }
        catch (Exception ex) when (WireErrors.IsBadInput(ex))
        {
            error = WireErrors.IsTooLarge(ex) ? "The message is over the router's reader quotas." : "The message body could not be read.";
            return false;
        }
    }

    private PipelineResult Answer(
        InboundMessage inbound,
        PipelineState state,
        Route route,
        Telemetry.TrafficCounters routeCounters,
        ForwardResult<ClientAnswer> result,
        IMessageSender sender,
        ReceivedMessage received,
        long started)
    {
        var reply = result.Reply!;
        var bytesIn = inbound.ReceivedLength;

        // A session's answer is encoded by its connection, so its bytes are not known here (counted as 0).
        var path = PathOf(result, sender);
        RecordAttempts(state, result, sender, inbound, reply.Length);
        if (reply.Streamed is { } streamed && path is { } streamedPath && result.Destination is { } answered && sender is Streaming.StreamedSender { LastContent: { } sent })
        {
            // Its bytes go on passing after this: they are added where it is counted now once the reply is done.
            streamed.Traffic = new Streaming.StreamedTraffic(
                _statistics, streamedPath, _statistics.Listener(inbound.Listener.Name), routeCounters, state.DestinationCounters(answered),
                inbound.Streamed!, sent, bytesIn, sent.Written);
        }

        if (_logger.IsEnabled(LogLevel.Debug))
        {
            var pathName = path == ForwardingPath.Reencoded ? "re-encoded" : "verbatim";
            var status = reply.IsOneWayAck ? StatusCodes.Status202Accepted : reply.IsFault ? StatusCodes.Status500InternalServerError : StatusCodes.Status200OK;
            var elapsedMs = ElapsedMs(started);
            PipelineLog.Routed(
                _logger, inbound.Listener.Name, received.Action, route.Name, result.Destination?.Name, pathName, status, bytesIn, reply.Length, elapsedMs);
        }

        return new PipelineResult(reply, new MessageOutcome
        {
            Fault = result.Error == ForwardError.BackendFault ? FaultKind.BackendFault : null,
            Path = path,
            OneWay = reply.IsOneWayAck,
            BytesIn = bytesIn,
            BytesOut = reply.Length,
            Route = route,
            RouteCounters = routeCounters,
        });
    }

    private PipelineResult Fail(
        InboundMessage inbound,
        Route route,
        Telemetry.TrafficCounters routeCounters,
        ForwardResult<ClientAnswer> result,
        IMessageSender sender,
        ReceivedMessage received,
        long started)
    {
        var reason = result.Error switch
        {
            ForwardError.RequestTimeout or ForwardError.ConnectTimeout => PipelineFaults.TimedOut,
            ForwardError.EncodingFailed => "The message could not be re-encoded for the service it is routed to.",
            ForwardError.BackendError => PipelineFaults.BackendError,
            _ => PipelineFaults.Unavailable,
        };
        var fault = _faults.Write(inbound.Listener.Binding, SoapFaultSpec.Receiver(reason), received.MessageId);
        var kind = result.Error == ForwardError.BackendError ? FaultKind.BackendError : FaultKind.BackendUnavailable;
        if (_logger.IsEnabled(LogLevel.Debug))
        {
            var elapsedMs = ElapsedMs(started);
            PipelineLog.ForwardFailed(
                _logger, inbound.Listener.Name, received.Action, route.Name, result.Destination?.Name, result.Error, result.AttemptCount, elapsedMs);
        }

        return new PipelineResult(
            fault,
            MessageOutcome.Refused(kind, inbound.ReceivedLength, fault.Length) with { Path = PathOf(result, sender), Route = route, RouteCounters = routeCounters });
    }

    private static ForwardingPath? PathOf(ForwardResult<ClientAnswer> result, IMessageSender sender) =>
        result.Destination is { } destination ? sender.PathTo(destination) : null;

    /// <summary>Counts every destination tried: the bytes sent to it, the reply bytes from the one that answered, and failures.</summary>
    private void RecordAttempts(PipelineState state, ForwardResult<ClientAnswer> result, IMessageSender sender, InboundMessage inbound, int replyLength)
    {
        var length = inbound.ReceivedLength;
        var last = result.AttemptCount - 1;
        if (result.AttemptCount > 0)
        {
            _statistics.RecordForward(result.AttemptCount, failedOver: result.HasReply && result.AttemptCount > 1);
            if (inbound.Activity is { IsAllDataRequested: true } activity && result.Destination is { } destination)
            {
                activity.SetTag(SpanTags.Path, sender.PathTo(destination) == ForwardingPath.Verbatim ? "verbatim" : "reencoded");
                activity.SetTag(SpanTags.Destination, destination.Name);
            }
        }

        for (var i = 0; i <= last; i++)
        {
            var attempt = result.GetAttempt(i);
            var sent = FailoverPolicy.CannotHaveReachedBackend(attempt.Error) ? 0 : sender.SentLength(attempt.Destination, length);
            var answered = i == last && result.HasReply;
            state.DestinationCounters(attempt.Destination).Record(
                answered ? replyLength : 0, sent, failed: FailoverPolicy.IsDestinationFailure(attempt.Error));
        }
    }

    private double ElapsedMs(long started) => _timeProvider.GetElapsedTime(started).TotalMilliseconds;
}
