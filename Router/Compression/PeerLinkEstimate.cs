using SoapRouter.Wire.Compression;

namespace SoapRouter.Compression;

/// <summary>One client's link to one listener: its own bandwidth estimate and when it last learned something.</summary>
internal sealed class PeerLinkEstimate(CompressionLink link, PeerKey peer, long now)
{
    private long _lastSample = now;

    /// <summary>The listener's link this client talks to.</summary>
    public CompressionLink Link { get; } = link;

    /// <summary>The client.</summary>
    public PeerKey Peer { get; } = peer;

    /// <summary>The estimate, on the link's options (smoothing; a configured bandwidth wins anyway).</summary>
    public BandwidthEstimator Estimator { get; } = new(link.Options);

    /// <summary>When a sample last taught the estimate (a timestamp).</summary>
    public long LastSample => Volatile.Read(ref _lastSample);

    /// <summary>Notes that a sample arrived at <paramref name="now"/>.</summary>
    public void Sampled(long now) => Volatile.Write(ref _lastSample, now);

    /// <summary>The measured bandwidth, or null when none was measured or the last sample is older than <paramref name="idle"/>.</summary>
    public double? BytesPerSecond(TimeProvider time, TimeSpan idle) =>
        time.GetElapsedTime(LastSample) > idle ? null : Estimator.Measured;
}
