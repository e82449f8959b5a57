using HdrHistogram;
using LoadClient.Reporting;
using SoapRouter.Wire.Compression;

namespace LoadClient.Latency;

/// <summary>
/// Latency by request size (powers of two of the plain request body, as the compression statistics group them), for
/// runs over a size distribution: how much compression gains or costs by message size. One thread-safe histogram per
/// size bucket shared by every worker, created on first use, so memory does not grow with --concurrency.
/// </summary>
internal sealed class LatencyBySize
{
    private readonly LongConcurrentHistogram?[] _buckets = new LongConcurrentHistogram?[32];

    /// <summary>Records <paramref name="microseconds"/> for a request of <paramref name="plainBytes"/> (0: size unknown, not recorded).</summary>
    public void Record(long plainBytes, long microseconds)
    {
        if (plainBytes <= 0)
        {
            return;
        }

        var bucket = SizeBuckets.Of((int)Math.Min(plainBytes, int.MaxValue));
        var histogram = Volatile.Read(ref _buckets[bucket]) ?? Create(bucket);
        histogram.RecordValue(microseconds);
    }

    /// <summary>One summary per size bucket that saw a request, smallest first.</summary>
    public IReadOnlyList<SizeLatency> Summaries()
    {
        var summaries = new List<SizeLatency>();
        for (var bucket = 0; bucket < _buckets.Length; bucket++)
        {
            if (Volatile.Read(ref _buckets[bucket]) is { TotalCount: > 0 } histogram)
            {
                summaries.Add(new SizeLatency(SizeBuckets.Describe(bucket), 1L << bucket, histogram.TotalCount, LatencySummary.From(histogram)));
            }
        }

        return summaries;
    }

    private LongConcurrentHistogram Create(int bucket)
    {
        var created = new LongConcurrentHistogram(1, LatencyHistograms.MaxMicroseconds, LatencyHistograms.SignificantDigits);
        return Interlocked.CompareExchange(ref _buckets[bucket], created, null) ?? created;
    }
}

/// <summary>The latency of the requests of one size bucket.</summary>
/// <param name="SizeBucket">The bucket, e.g. <c>128K-256K</c> (plain request body bytes).</param>
/// <param name="FromBytes">Its smallest size.</param>
/// <param name="Requests">Requests measured in it.</param>
/// <param name="LatencyMs">Their latency.</param>
internal sealed record SizeLatency(string SizeBucket, long FromBytes, long Requests, LatencySummary LatencyMs);
