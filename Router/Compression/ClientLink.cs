using SoapRouter.Wire.Compression;

namespace SoapRouter.Compression;

/// <summary>
/// A listener's link as one client's request sees it: what is measured teaches both the listener's estimate (the
/// default for clients not measured yet) and this client's own (<see cref="PeerLinkEstimates"/>); a reply is planned
/// with the client's own when it has one. The one place a listener's bandwidth samples go.
/// </summary>
internal readonly struct ClientLink(CompressionLink link, PeerLinkEstimate? peer, PeerLinkEstimates table, TimeProvider time)
{
    /// <summary>The listener's link.</summary>
    public CompressionLink Link => link;

    /// <summary>The bandwidth to plan a reply to this client with; null: the listener's estimate.</summary>
    public double? PeerBytesPerSecond => table.BytesPerSecond(peer);

    /// <summary>A request body of <paramref name="bytes"/> arrived in <paramref name="elapsed"/>, timed from its first byte on the wire.</summary>
    public void RecordArrival(long bytes, TimeSpan elapsed)
    {
        link.RecordArrival(bytes, elapsed);
        if (peer is not null && peer.Estimator.RecordTimed(bytes, elapsed))
        {
            peer.Sampled(time.GetTimestamp());
        }
    }

    /// <summary>A request body of <paramref name="bytes"/> was read in <paramref name="elapsed"/>, timed from the handler's first read.</summary>
    public void RecordRead(long bytes, TimeSpan elapsed)
    {
        link.RecordSend(bytes, elapsed);
        if (peer is not null && peer.Estimator.Record(bytes, elapsed))
        {
            peer.Sampled(time.GetTimestamp());
        }
    }

    /// <summary>
    /// The kernel's view of the connection before a reply: its delivery rate teaches the estimates when anything was
    /// delivered since the last look. Under <see cref="BandwidthEstimator.MinSampleBytes"/> the rate says more about
    /// the round trip than the link (as when the kernel marks it application-limited), so it only raises them: a
    /// link whose replies compress well must not be judged by their few packets.
    /// </summary>
    public void RecordDelivery(in TcpInfo info, long deliveredSinceLast)
    {
        if (deliveredSinceLast <= 0)
        {
            return;
        }

        var floor = info.ApplicationLimited || deliveredSinceLast < BandwidthEstimator.MinSampleBytes;
        link.RecordRate(info.DeliveryBytesPerSecond, floor);
        if (peer is not null && peer.Estimator.RecordRate(info.DeliveryBytesPerSecond, floor))
        {
            peer.Sampled(time.GetTimestamp());
        }
    }
}
