using SoapRouter.Compression;
using SoapRouter.Listening.Connections;

namespace SoapRouter.Listening;

/// <summary>
/// Where an HTTP listener measures its client's link. Where the kernel's view of the connection is reachable
/// (<see cref="TcpLinkProbe"/>), before each reply: the delivery rate of what the router sent, which no wait for a core
/// in this process can slow down. Elsewhere, from how fast the request body arrived (a reply's write completes as soon
/// as the socket buffer takes it, so it says less): timed from the request's first byte where the connection is
/// watched (<see cref="RequestArrival"/>: Kestrel may have taken in most of the body before the handler ran), else
/// from the handler's first read, and only samples long enough to mean something are kept.
/// </summary>
internal static class ClientLinkSampling
{
    /// <summary>A request body of <paramref name="length"/> bytes was read, its first read at <paramref name="started"/>.</summary>
    public static void AfterBody(HttpContext context, in ClientLink client, int length, long started, TimeProvider time)
    {
        if (context.Features.Get<TcpLinkProbe>() is not null)
        {
            return;
        }

        if (context.Features.Get<RequestArrival>()?.TakeFirstByte() is > 0 and var firstByte)
        {
            client.RecordArrival(length, time.GetElapsedTime(firstByte));
        }
        else
        {
            client.RecordRead(length, time.GetElapsedTime(started));
        }
    }

    /// <summary>A reply is about to be written: the connection's delivery rate so far teaches the estimates.</summary>
    public static void BeforeReply(HttpContext context, in ClientLink client)
    {
        if (context.Features.Get<TcpLinkProbe>() is { } probe && probe.TryRead(out var tcp, out var delivered))
        {
            client.RecordDelivery(tcp, delivered);
        }
    }
}
