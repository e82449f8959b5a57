using SoapRouter.LoadBalancing;

namespace SoapRouter.Health;

/// <summary>
/// The latency judgement of outlier detection (<c>outlierDetection.latency</c>): an answer is slow when it took longer
/// than the threshold and more than the factor times the median of the other primaries' mean answer times over the
/// outlier window. Compared with the peers rather than with a fixed limit, so a cluster that is slow as a whole (a
/// long report, a loaded database behind every destination) ejects nobody. Answers under the threshold return at once,
/// so a fast cluster pays one comparison per answer.
/// </summary>
internal static class LatencyOutliers
{
    /// <summary>True when an answer of <paramref name="destination"/> in <paramref name="cluster"/> that took <paramref name="elapsed"/> is slow.</summary>
    public static bool IsSlow(ClusterState cluster, DestinationState destination, TimeSpan elapsed)
    {
        if (cluster.Config.OutlierDetection.Latency is not { } latency || elapsed <= latency.Threshold)
        {
            return false;
        }

        var typical = PeersMedianTicks(cluster.Primaries, destination);
        return typical > 0 && elapsed.Ticks > latency.Factor * typical;
    }

    /// <summary>The median of the mean answer times of <paramref name="primaries"/> other than <paramref name="self"/> that have enough answers; 0 when none has.</summary>
    internal static double PeersMedianTicks(ReadOnlySpan<DestinationState> primaries, DestinationState self)
    {
        Span<double> means = primaries.Length <= 64 ? stackalloc double[primaries.Length] : new double[primaries.Length];
        var count = 0;
        foreach (var peer in primaries)
        {
            if (!ReferenceEquals(peer, self) && peer.Health?.MeanAnswerTicks is double mean and > 0)
            {
                means[count++] = mean;
            }
        }

        if (count == 0)
        {
            return 0;
        }

        means = means[..count];
        means.Sort();
        var middle = count / 2;
        return count % 2 == 1 ? means[middle] : (means[middle - 1] + means[middle]) / 2;
    }
}
