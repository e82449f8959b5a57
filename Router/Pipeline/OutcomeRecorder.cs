using System.Diagnostics;
using SoapRouter.Telemetry;

namespace SoapRouter.Pipeline;

/// <summary>
/// The one place a message's outcome is counted: faults by kind, the message and its bytes (by path, listener and route),
/// its duration metric and its span's outcome. Each message is recorded once, before its answer goes out, so a client that
/// reads the statistics next sees its own message; what happens to the answer on the wire after that is not a second outcome.
/// </summary>
internal sealed class OutcomeRecorder(RouterStatistics statistics, TimeProvider timeProvider, RouterMetrics? metrics = null)
{
    /// <summary>Records how <paramref name="inbound"/>, handled by the pipeline since <paramref name="started"/>, ended.</summary>
    public void Record(InboundMessage inbound, in MessageOutcome outcome, long started)
    {
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
        Count(listener, MessageOutcome.Refused(kind, bytesIn, bytesOut));
        MarkSpan(Activity.Current, kind);
    }

    /// <summary>Records a client dropped before it sent a whole message (too slow, gone): a fault, and no message to count.</summary>
    public void RecordDropped(Activity? activity, FaultKind kind)
    {
        statistics.RecordFault(kind);
        MarkSpan(activity, kind);
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
