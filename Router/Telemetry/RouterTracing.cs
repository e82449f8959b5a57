using System.Diagnostics;
using SoapRouter.Forwarding;
using SoapRouter.Listening;
using SoapRouter.LoadBalancing;

namespace SoapRouter.Telemetry;

/// <summary>
/// Starts and annotates the router's spans. Every helper costs nothing when no listener samples
/// <see cref="RouterTelemetry.Source"/> (StartActivity returns null and the tags are never built).
/// </summary>
internal static class RouterTracing
{
    /// <summary>The server span's name until the action is known (then the action is its display name).</summary>
    public const string MessageSpanName = "soap.message";

    /// <summary>The client span's name.</summary>
    public const string AttemptSpanName = "soap.forward";

    // A traceparent is 55 characters; anything much longer is not one and is not parsed.
    private const int MaxTraceHeaderLength = 512;

    /// <summary>True when a message would get a span: tracing on and something listening. Check before reading headers.</summary>
    public static bool IsActive(bool enabled) => enabled && RouterTelemetry.Source.HasListeners();

    /// <summary>
    /// Starts the server span of one message on <paramref name="listener"/>, continuing <paramref name="traceParent"/>
    /// when it is a valid W3C traceparent (a malformed one is ignored: the span starts a new trace). Null when tracing is
    /// off or nobody listens.
    /// </summary>
    public static Activity? StartMessage(SoapListener listener, bool enabled, string? traceParent, string? traceState)
    {
        if (!IsActive(enabled))
        {
            return null;
        }

        if (!TryParse(traceParent, traceState, out var parent) && Activity.Current is not null)
        {
            // The host's own request activity is never exported: a span under it would point at a parent nobody sees.
            Activity.Current = null;
        }

        var activity = RouterTelemetry.Source.StartActivity(MessageSpanName, ActivityKind.Server, parent);
        if (activity is { IsAllDataRequested: true })
        {
            activity.SetTag(SpanTags.RpcSystem, "soap");
            activity.SetTag(SpanTags.Listener, listener.Name);
            activity.SetTag(SpanTags.Binding, listener.Binding.Name);
        }

        return activity;
    }

    /// <summary>Starts the client span of attempt <paramref name="attempt"/> (1-based) to <paramref name="destination"/>, under the current message span.</summary>
    public static Activity? StartAttempt(DestinationState destination, int attempt)
    {
        if (Activity.Current is not { } parent || !ReferenceEquals(parent.Source, RouterTelemetry.Source))
        {
            // Only messages that have a span get attempt spans: tracing off, or not sampled, costs nothing here.
            return null;
        }

        var activity = RouterTelemetry.Source.StartActivity(AttemptSpanName, ActivityKind.Client);
        if (activity is { IsAllDataRequested: true })
        {
            activity.SetTag(SpanTags.Destination, destination.Name);
            activity.SetTag(SpanTags.DestinationBinding, destination.Binding.Name);
            activity.SetTag(SpanTags.DestinationAddress, destination.Config.Address);
            activity.SetTag(SpanTags.Attempt, attempt);
        }

        return activity;
    }

    /// <summary>The current attempt span, if one is recording (for the senders' tags); null otherwise.</summary>
    public static Activity? CurrentAttempt =>
        Activity.Current is { Kind: ActivityKind.Client, IsAllDataRequested: true } current && ReferenceEquals(current.Source, RouterTelemetry.Source)
            ? current
            : null;

    /// <summary>Ends an attempt span with its outcome: an error status for anything but an answer (a SOAP fault is an answer).</summary>
    public static void EndAttempt(Activity? activity, ForwardError error)
    {
        if (activity is null)
        {
            return;
        }

        if (activity.IsAllDataRequested)
        {
            activity.SetTag(SpanTags.AttemptError, ForwardErrorNames.Of(error));
        }

        if (error is not (ForwardError.None or ForwardError.BackendFault))
        {
            activity.SetStatus(ActivityStatusCode.Error, ForwardErrorNames.Of(error));
        }

        activity.Dispose();
    }

    /// <summary>Marks the current message span with the fault the router answered (or dropped the message with).</summary>
    public static void RecordFault(Activity? activity, FaultKind kind)
    {
        if (activity is null || !ReferenceEquals(activity.Source, RouterTelemetry.Source) || activity.Kind != ActivityKind.Server)
        {
            return;
        }

        var name = FaultKindNames.Of(kind);
        activity.SetTag(SpanTags.Outcome, name);
        if (kind != FaultKind.BackendFault)
        {
            activity.SetStatus(ActivityStatusCode.Error, name);
        }
    }

    /// <summary>
    /// The traceparent and tracestate to send with an attempt: the current attempt span's when there is one (the backend's
    /// span becomes its child), else the client's as received (tracing off: the trace still continues at the backend).
    /// </summary>
    public static string? Outgoing(string? inboundTraceParent, string? inboundTraceState, out string? traceState)
    {
        if (Activity.Current is { Kind: ActivityKind.Client } current
            && ReferenceEquals(current.Source, RouterTelemetry.Source)
            && current.IdFormat == ActivityIdFormat.W3C)
        {
            traceState = current.TraceStateString;
            return current.Id;
        }

        traceState = inboundTraceState;
        return inboundTraceParent;
    }

    /// <summary>Parses a W3C traceparent (and its tracestate); false for anything malformed, never throws.</summary>
    public static bool TryParse(string? traceParent, string? traceState, out ActivityContext context)
    {
        context = default;
        if (traceParent is null || traceParent.Length > MaxTraceHeaderLength)
        {
            return false;
        }

        if (traceState is { Length: > MaxTraceHeaderLength })
        {
            traceState = null;
        }

        return ActivityContext.TryParse(traceParent, traceState, isRemote: true, out context);
    }
}
