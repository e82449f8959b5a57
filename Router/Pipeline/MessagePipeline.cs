using System.Runtime.CompilerServices;
using SoapRouter.Caching;
using SoapRouter.Forwarding;
using SoapRouter.Hosting;
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
    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder<>))]
    public async ValueTask<PipelineResult> ProcessAsync(InboundMessage inbound, PipelineState state)
    {
        ArgumentNullException.ThrowIfNull(inbound);
        ArgumentNullException.ThrowIfNull(state);
        var started = _timeProvider.GetTimestamp();
        var result = await ProcessMessageAsync(inbound, state, started).ConfigureAwait(false);
        _outcomes.Record(inbound, result.Outcome, started);
        return result;
    }

    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder<>))]
    private async ValueTask<PipelineResult> ProcessMessageAsync(InboundMessage inbound, PipelineState state, long started)
    {
        if (inbound.Length == 0 && inbound.Decoded is null)
        {
            return Refuse(inbound, SoapFaultSpec.Sender("The message is empty."), FaultKind.BadRequest, bytesIn: 0);
        }

        using var received = InboundReader.Read(state, inbound, out var readError);
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

    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder<>))]
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
    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder<>))]
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
            return Answer(inbound, state, route, routeCounters, cluster, result, sender, received, started);
        }

        _outcomes.RecordForwarding(state, result, sender, inbound, replyLength: 0);
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
                MessageOutcome.Refused(kind, inbound.ReceivedLength, 0) with { Path = PathOf(inbound, result), Route = route, RouteCounters = routeCounters });
        }

        return Fail(inbound, route, routeCounters, result, sender, received, started);
    }

    /// <summary>
    /// The client's answer made from the destination's reply, after forwarding: when the router cannot make it, that is the
    /// router's failure (<see cref="FaultKind.ReplyNotReencoded"/>), and the destination that answered stays healthy.
    /// </summary>
    private PipelineResult Answer(
        InboundMessage inbound,
        PipelineState state,
        Route route,
        Telemetry.TrafficCounters routeCounters,
        LoadBalancing.ClusterState cluster,
        ForwardResult<DestinationReply> result,
        IMessageSender sender,
        ReceivedMessage received,
        long started)
    {
        var bytesIn = inbound.ReceivedLength;
        var path = PathOf(inbound, result);

        // A session's reply is read by its connection, so its bytes are not known here (counted as 0).
        _outcomes.RecordForwarding(state, result, sender, inbound, result.Reply!.Length);
        if (AnswerStep.Make(state, inbound, received, cluster, result.Destination!, result.Reply, _logger) is not { } reply)
        {
            var fault = _faults.Write(inbound.Listener.Binding, SoapFaultSpec.Receiver(PipelineFaults.ReplyNotReencoded), received.MessageId);
            return new PipelineResult(
                fault,
                MessageOutcome.Refused(FaultKind.ReplyNotReencoded, bytesIn, fault.Length) with { Path = path, Route = route, RouteCounters = routeCounters });
        }

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
        ForwardResult<DestinationReply> result,
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
            MessageOutcome.Refused(kind, inbound.ReceivedLength, fault.Length) with { Path = PathOf(inbound, result), Route = route, RouteCounters = routeCounters });
    }

    private static ForwardingPath? PathOf(InboundMessage inbound, ForwardResult<DestinationReply> result) =>
        result.Destination is { } destination ? ForwardingPaths.Between(inbound.Listener.Binding, destination) : null;

    private double ElapsedMs(long started) => _timeProvider.GetElapsedTime(started).TotalMilliseconds;
}
