using SoapRouter.Telemetry;

namespace SoapRouter.Streaming;

/// <summary>
/// The counters a streamed message was counted in when its destination answered (the listener's, the route's, the
/// destination's and its path's), to add the bytes that passed after that once the reply has gone out: the message is
/// counted once, its bytes as they really passed.
/// </summary>
internal sealed class StreamedTraffic(
    RouterStatistics statistics,
    ForwardingPath path,
    TrafficCounters listener,
    TrafficCounters route,
    TrafficCounters destination,
    StreamedRequest request,
    StreamedContent sent,
    long countedIn,
    long countedSent)
{
    /// <summary>The reply is done: <paramref name="replyBytes"/> went to the client; <paramref name="failed"/> when it was cut short.</summary>
    public void Complete(long replyBytes, bool failed)
    {
        var lateIn = request.BytesRead - countedIn;
        statistics.AddBytes(path, lateIn, replyBytes, failed);
        listener.AddBytes(lateIn, replyBytes, failed);
        route.AddBytes(lateIn, replyBytes, failed);
        destination.AddBytes(replyBytes, sent.Written - countedSent, failed);
    }
}
