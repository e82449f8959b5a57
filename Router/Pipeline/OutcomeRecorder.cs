using System.Diagnostics;
using SoapRouter.Forwarding;
using SoapRouter.Telemetry;

namespace SoapRouter.Pipeline;

/// <summary>
/// The one place a message's outcome is counted: faults by kind, the message and its bytes (by path, listener and route),
/// its duration metric and its span's outcome. Each message is recorded once, before its answer goes out, so a client that
/// reads the statistics next sees its own message; what happens to the answer on the wire after that is not a second outcome.
/// The message's <see cref="MessageContext"/> guarantees that: whichever of the record methods runs first for it counts it,
/// and the others do nothing.
/// </summary>
internal sealed class OutcomeRecorder(RouterStatistics statistics, TimeProvider timeProvider, RouterMetrics? metrics = null)
{
    /// <summary>Records how the message of <paramref name="context"/>, handled by the pipeline since its start, ended.</summary>
    public void Record(MessageContext context, in MessageOutcome outcome)
    {
        if (!context.TryRecordOutcome())
        {
            return;
        }

        Count(context.Listener.Name, outcome);
        metrics?.RecordMessage(context.Listener.Name, outcome.Route?.Name, outcome.Failed, timeProvider.GetElapsedTime(context.Started));
        if (context.Activity is { IsAllDataRequested: true } activity)
        {
            activity.SetTag(SpanTags.RequestSize, context.ReceivedLength);
            activity.SetTag(SpanTags.ResponseSize, outcome.BytesOut);
            MarkSpan(activity, outcome.Fault);
        }
    }

    /// <summary>
    /// Records a message a listener refused before the pipeline read it (busy, too large, wrong content type), answered with
    /// <paramref name="bytesOut"/> bytes.
    /// </summary>
    public void RecordRefused(MessageContext context, FaultKind kind, long bytesIn, long bytesOut)
    {
        if (!context.TryRecordOutcome())
        {
            return;
        }

        Count(context.Listener.Name, MessageOutcome.Refused(kind, bytesIn, bytesOut));
        MarkSpan(context.Activity, kind);
    }

    /// <summary>Records a client dropped before it sent a whole message (too slow, gone): a fault, and no message to count.</summary>
    public void RecordDropped(MessageContext context, FaultKind kind)
    {
        if (!context.TryRecordOutcome())
        {
            return;
        }

        statistics.RecordFault(kind);
        MarkSpan(context.Activity, kind);
    }

    /// <summary>
    /// Records a message's forwarding, when it ends (before its outcome): every destination tried, with the bytes sent to it,
    /// the reply bytes from the one that answered, and failures; the attempts and failover; the span's path and destination.
    /// </summary>
    public void RecordForwarding(MessageContext context, ForwardResult<DestinationReply> result, IMessageSender sender, int replyLength)
    {
        var length = context.ReceivedLength;
        var last = result.AttemptCount - 1;
        if (result.AttemptCount > 0)
        {
            statistics.RecordForward(result.AttemptCount, failedOver: result.HasReply && result.AttemptCount > 1);
            if (context.Activity is { IsAllDataRequested: true } activity && result.Destination is { } destination)
            {
                activity.SetTag(SpanTags.Path, ForwardingPaths.TagOf(context.PathTo(destination)));
                activity.SetTag(SpanTags.Destination, destination.Name);
            }
        }

        for (var i = 0; i <= last; i++)
        {
            var attempt = result.GetAttempt(i);
            var sent = FailoverPolicy.CannotHaveReachedBackend(attempt.Error) ? 0 : sender.SentLength(attempt.Destination, length);
            var answered = i == last && result.HasReply;
            context.State.DestinationCounters(attempt.Destination).Record(
                answered ? replyLength : 0, sent, failed: FailoverPolicy.IsDestinationFailure(attempt.Error));
        }
    }

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
