using System.Diagnostics;
using SoapRouter.Forwarding;
using SoapRouter.Telemetry;

namespace SoapRouter.Pipeline;

/// <summary>
/// The one place a message's outcome is counted: faults by kind, the message and its bytes (by path, listener and route),
/// its duration metric and its span's outcome. Each message is recorded once, before its answer goes out, so a client that
/// reads the statistics next sees its own message; what happens to the answer on the wire after that is not a second outcome.
/// A listener that begins each message with <see cref="BeginMessage"/> gets that guaranteed here: whichever of the record
/// methods runs first for the message counts it, and the others do nothing.
/// </summary>
internal sealed class OutcomeRecorder(RouterStatistics statistics, TimeProvider timeProvider, RouterMetrics? metrics = null)
{
    // The message being handled on this flow, as Activity.Current is its span: refusals are recorded from places that
    // have no per-message object to carry (body intake, fault writers), and a value set in the listener's handler method
    // flows into every call it awaits and is gone when that method returns.
    private static readonly AsyncLocal<OutcomeSlot?> CurrentMessage = new();

    /// <summary>
    /// Begins a message on this asynchronous flow (call it in the method that handles the message from its first byte to
    /// its answer): from here until that method returns, the message's outcome is recorded once, by the first record.
    /// </summary>
    public static void BeginMessage() => CurrentMessage.Value = new OutcomeSlot();

    /// <summary>Records how <paramref name="inbound"/>, handled by the pipeline since <paramref name="started"/>, ended.</summary>
    public void Record(InboundMessage inbound, in MessageOutcome outcome, long started)
    {
        if (!IsFirstOutcome())
        {
            return;
        }

        Count(inbound.Listener.Name, outcome);
        metrics?.RecordMessage(inbound.Listener.Name, outcome.Route?.Name, outcome.Failed, timeProvider.GetElapsedTime(started));
        if (inbound.Activity is { IsAllDataRequested: true } activity)
        {
            activity.SetTag(SpanTags.RequestSize, inbound.ReceivedLength);
            activity.SetTag(SpanTags.ResponseSize, outcome.BytesOut);
            MarkSpan(activity, outcome.Fault);
        }
    }

    /// <summary>
    /// Records a message a listener refused before the pipeline read it (busy, too large, wrong content type), answered with
    /// <paramref name="bytesOut"/> bytes; its span is the current one.
    /// </summary>
    public void RecordRefused(string listener, FaultKind kind, long bytesIn, long bytesOut)
    {
        if (!IsFirstOutcome())
        {
            return;
        }

        Count(listener, MessageOutcome.Refused(kind, bytesIn, bytesOut));
        MarkSpan(Activity.Current, kind);
    }

    /// <summary>Records a client dropped before it sent a whole message (too slow, gone): a fault, and no message to count.</summary>
    public void RecordDropped(Activity? activity, FaultKind kind)
    {
        if (!IsFirstOutcome())
        {
            return;
        }

        statistics.RecordFault(kind);
        MarkSpan(activity, kind);
    }

    /// <summary>
    /// Records a message's forwarding, when it ends (before its outcome): every destination tried, with the bytes sent to it,
    /// the reply bytes from the one that answered, and failures; the attempts and failover; the span's path and destination.
    /// </summary>
    public void RecordForwarding(PipelineState state, ForwardResult<DestinationReply> result, IMessageSender sender, InboundMessage inbound, int replyLength)
    {
        var length = inbound.ReceivedLength;
        var last = result.AttemptCount - 1;
        if (result.AttemptCount > 0)
        {
            statistics.RecordForward(result.AttemptCount, failedOver: result.HasReply && result.AttemptCount > 1);
            if (inbound.Activity is { IsAllDataRequested: true } activity && result.Destination is { } destination)
            {
                activity.SetTag(SpanTags.Path, ForwardingPaths.TagOf(ForwardingPaths.Between(inbound.Listener.Binding, destination)));
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

    /// <summary>False when the message on this flow has its outcome already; true outside a begun message (nothing to guard).</summary>
    private static bool IsFirstOutcome() => CurrentMessage.Value is not { } message || message.TryFill();

    private void Count(string listener, in MessageOutcome outcome)
    {
        if (outcome.Fault is { } kind)
        {
            statistics.RecordFault(kind);
        }

        statistics.RecordMessage(outcome.Path, outcome.OneWay, outcome.BytesIn, outcome.BytesOut, outcome.Failed);
        statistics.Listener(listener).Record(outcome.BytesIn, outcome.BytesOut, outcome.Failed);
        outcome.RouteCounters?.Record(outcome.BytesIn, outcome.BytesOut, outcome.Failed);
    }

    private static void MarkSpan(Activity? activity, FaultKind? fault)
    {
        if (fault is { } kind)
        {
            RouterTracing.RecordFault(activity, kind);
        }
        else
        {
            activity?.SetTag(SpanTags.Outcome, "ok");
        }
    }
}
