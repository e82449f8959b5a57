using Microsoft.Extensions.Primitives;
using SoapRouter.Faults;
using SoapRouter.Forwarding;
using SoapRouter.Forwarding.Http;
using SoapRouter.Routing;
using SoapRouter.Telemetry;
using Route = SoapRouter.Routing.Route;

namespace SoapRouter.Listening;

/// <summary>
/// One received message from its bytes to the client's answer on the verbatim path: read the envelope up to the Body
/// (text bindings), route, keep the destinations that speak the listener's binding, forward the received bytes with
/// failover, and write back the reply, the backend's fault or the router's own fault.
/// </summary>
internal sealed class VerbatimPipeline
{
    private const string Unavailable = "The service is unavailable.";
    private const string TimedOut = "The service is unavailable: it did not answer in time.";

    private readonly Forwarder _forwarder;
    private readonly IVerbatimRequestEditor _editor;
    private readonly RouterStatistics _statistics;
    private readonly ListenerRefusals _refusals;
    private readonly TimeProvider _timeProvider;
    private readonly ILogger _logger;

    /// <summary>Creates the pipeline; it holds no per-message state.</summary>
    public VerbatimPipeline(
        Forwarder forwarder,
        IVerbatimRequestEditor editor,
        RouterStatistics statistics,
        ListenerRefusals refusals,
        TimeProvider timeProvider,
        ILogger logger)
    {
        ArgumentNullException.ThrowIfNull(forwarder);
        ArgumentNullException.ThrowIfNull(editor);
        ArgumentNullException.ThrowIfNull(statistics);
        ArgumentNullException.ThrowIfNull(refusals);
        ArgumentNullException.ThrowIfNull(timeProvider);
        ArgumentNullException.ThrowIfNull(logger);
        _forwarder = forwarder;
        _editor = editor;
        _statistics = statistics;
        _refusals = refusals;
        _timeProvider = timeProvider;
        _logger = logger;
    }

    /// <summary>
    /// Handles the message held in the first <paramref name="length"/> bytes of <paramref name="buffer"/>, which the
    /// caller keeps (and returns to its pool) after this completes.
    /// </summary>
    public async Task ProcessAsync(HttpContext context, SoapListener listener, DispatchState dispatch, byte[] buffer, int length, string contentType)
    {
        var started = _timeProvider.GetTimestamp();
        var soapAction = Header(context.Request.Headers, "SOAPAction");
        if (listener.Binding.IsBinary)
        {
            if (length == 0)
            {
                await _refusals.RefuseAsync(context, listener, null, SoapFaultCode.Sender, "The message is empty.", null, FaultKind.BadRequest, 0)
                    .ConfigureAwait(false);
                return;
            }

            var binary = new BinaryRoutableMessage(TransportAction.FromContentType(contentType), listener.Path);
            await RouteAsync(context, listener, dispatch, binary, null, buffer, length, contentType, soapAction, started).ConfigureAwait(false);
            return;
        }

        var parsed = dispatch.Reader.ReadText(
            new ArraySegment<byte>(buffer, 0, length), listener.Path, TransportAction.FromHttp(contentType, soapAction));
        if (!parsed.Succeeded)
        {
            // The reason is one of the reader's fixed sentences, never parser text.
            var reason = parsed.ErrorMessage ?? "The message could not be read.";
            await _refusals.RefuseAsync(context, listener, null, SoapFaultCode.Sender, reason, null, FaultKind.BadRequest, length)
                .ConfigureAwait(false);
            return;
        }

        // The view reads the caller's buffer in place: disposed here, before the buffer goes back to its pool.
        using var view = parsed.Message;
        await RouteAsync(context, listener, dispatch, view, view, buffer, length, contentType, soapAction, started).ConfigureAwait(false);
    }

    private async Task RouteAsync(
        HttpContext context,
        SoapListener listener,
        DispatchState dispatch,
        IRoutableMessage message,
        SoapMessageView? view,
        byte[] buffer,
        int length,
        string contentType,
        string? soapAction,
        long started)
    {
        var action = message.Action;
        var route = dispatch.State.Routes.Match(message);
        if (route is null)
        {
            var fault = view is null
                ? SoapFaults.NoRoute(listener.Binding.SoapVersion, action)
                : SoapFaults.NoRoute(view.Version, action, SoapFaults.CorrelationId(view), view.Addressing.Version);
            await _refusals.WriteAsync(context, listener, fault, fault.StatusCode, FaultKind.NoRoute, "no route matches", length).ConfigureAwait(false);
            return;
        }

        var routeCounters = dispatch.RouteCounters(route);
        var target = dispatch.Target(route.Cluster, listener.Binding);
        if (target?.Cluster is not { } cluster)
        {
            var written = await RefuseUnroutableAsync(context, listener, view, route, target, action, length).ConfigureAwait(false);
            routeCounters.Record(length, written, failed: true);
            return;
        }

        var headers = context.Request.Headers;
        var request = new RawSoapRequest(new ReadOnlyMemory<byte>(buffer, 0, length), contentType)
        {
            SoapAction = soapAction,
            TraceParent = Header(headers, "traceparent"),
            TraceState = Header(headers, "tracestate"),

            // basicHttp and soap12Http cannot tell a one-way message from its bytes: an empty 2xx from the backend is
            // taken as a one-way acknowledgement and passed on as 202.
            IsOneWay = true,
        };
        var sender = new EditingVerbatimSender(dispatch.Transport, cluster, request, _editor);
        var result = await _forwarder.ForwardAsync(cluster, route.IsIdempotent(action), sender, context.RequestAborted).ConfigureAwait(false);
        if (result.HasReply)
        {
            await ReplyAsync(context, listener, dispatch, route, routeCounters, result, sender, action, length, started).ConfigureAwait(false);
            return;
        }

        RecordAttempts(dispatch, result, sender, length, replyLength: 0);
        if (result.Error == ForwardError.Cancelled)
        {
            // The client went away; there is nobody to answer.
            _statistics.RecordFault(FaultKind.ClientAborted);
            _statistics.RecordMessage(ForwardingPath.Verbatim, oneWay: false, length, 0, failed: true);
            routeCounters.Record(length, 0, failed: true);
            ListenerLog.ClientAborted(_logger, listener.Name);
            return;
        }

        await FailAsync(context, listener, view, route, routeCounters, result, action, length, started).ConfigureAwait(false);
    }

    private async Task ReplyAsync(
        HttpContext context,
        SoapListener listener,
        DispatchState dispatch,
        Route route,
        TrafficCounters routeCounters,
        ForwardResult<RawSoapReply> result,
        EditingVerbatimSender sender,
        string? action,
        int length,
        long started)
    {
        var reply = result.Reply!;
        var written = reply.Length;
        try
        {
            // Counted before the answer goes out, so a client that reads the statistics next sees its own message.
            RecordAttempts(dispatch, result, sender, length, written);
            if (result.Error == ForwardError.BackendFault)
            {
                _statistics.RecordFault(FaultKind.BackendFault);
            }

            _statistics.RecordMessage(ForwardingPath.Verbatim, oneWay: reply.IsEmpty, length, written);
            routeCounters.Record(length, written);
            await ListenerResponses.WriteReplyAsync(context, reply).ConfigureAwait(false);
        }
        finally
        {
            reply.Dispose();
        }

        if (_logger.IsEnabled(LogLevel.Debug))
        {
            var elapsedMs = ElapsedMs(started);
            ListenerLog.Routed(_logger, listener.Name, action, route.Name, result.Destination?.Name, context.Response.StatusCode, length, written, elapsedMs);
        }
    }

    private async Task FailAsync(
        HttpContext context,
        SoapListener listener,
        SoapMessageView? view,
        Route route,
        TrafficCounters routeCounters,
        ForwardResult<RawSoapReply> result,
        string? action,
        int length,
        long started)
    {
        var reason = result.Error is ForwardError.RequestTimeout or ForwardError.ConnectTimeout ? TimedOut : Unavailable;
        var fault = view is null
            ? SoapFaults.Create(listener.Binding.SoapVersion, SoapFaultCode.Receiver, reason)
            : SoapFaults.ForRequest(view, SoapFaultCode.Receiver, reason);
        var (body, contentType) = ListenerResponses.FaultBody(listener.Binding, fault);
        _statistics.RecordFault(FaultKind.BackendUnavailable);
        _statistics.RecordMessage(ForwardingPath.Verbatim, oneWay: false, length, body.Length, failed: true);
        routeCounters.Record(length, body.Length, failed: true);
        var elapsedMs = ElapsedMs(started);
        ListenerLog.ForwardFailed(_logger, listener.Name, action, route.Name, result.Destination?.Name, result.Error, result.AttemptCount, elapsedMs);

        // SOAP's HTTP bindings carry Receiver faults as 500, which every SOAP client reads as a fault; 502/504 would
        // reach a WCF client as a bare protocol error instead.
        await ListenerResponses.WriteFaultAsync(context, body, contentType, fault.StatusCode).ConfigureAwait(false);
    }

    private async ValueTask<int> RefuseUnroutableAsync(
        HttpContext context,
        SoapListener listener,
        SoapMessageView? view,
        Route route,
        VerbatimTarget? target,
        string? action,
        int length)
    {
        if (target is null)
        {
            // Validation ties every route to a cluster; reaching this means a state was built from an unchecked config.
            return await _refusals.RefuseAsync(
                context, listener, view, SoapFaultCode.Receiver, Unavailable, null, FaultKind.BackendUnavailable, length).ConfigureAwait(false);
        }

        ListenerLog.ReencodingUnavailable(_logger, listener.Name, action, route.Name, route.Cluster, target.OtherBinding, listener.Binding.Name);
        var reason = $"Re-encoding between {listener.Binding.Name} and {target.OtherBinding} is not available in this build.";
        return await _refusals.RefuseAsync(
            context, listener, view, SoapFaultCode.Receiver, reason, null, FaultKind.ReencodingUnavailable, length).ConfigureAwait(false);
    }

    /// <summary>Counts every destination tried: the bytes sent to it, the reply bytes from the one that answered, and failures.</summary>
    private static void RecordAttempts(
        DispatchState dispatch, ForwardResult<RawSoapReply> result, EditingVerbatimSender sender, int length, int replyLength)
    {
        var last = result.AttemptCount - 1;
        for (var i = 0; i <= last; i++)
        {
            var attempt = result.GetAttempt(i);
            var sent = FailoverPolicy.CannotHaveReachedBackend(attempt.Error) ? 0 : sender.SentLength(attempt.Destination, length);
            var answered = i == last && result.HasReply;
            dispatch.DestinationCounters(attempt.Destination).Record(
                answered ? replyLength : 0, sent, failed: FailoverPolicy.IsDestinationFailure(attempt.Error));
        }
    }

    private static string? Header(IHeaderDictionary headers, string name) =>
        headers.TryGetValue(name, out var values) && !StringValues.IsNullOrEmpty(values) ? values.ToString() : null;

    private double ElapsedMs(long started) => _timeProvider.GetElapsedTime(started).TotalMilliseconds;
}
