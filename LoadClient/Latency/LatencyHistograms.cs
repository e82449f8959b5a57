using System.Diagnostics;
using HdrHistogram;

namespace LoadClient.Latency;

/// <summary>
/// The shape of every latency histogram: microseconds from 1 µs to one hour, three significant digits (a value is kept
/// within 0.1%), so a histogram's memory is fixed (~200 KB) however many requests it counts.
/// </summary>
internal static class LatencyHistograms
{
    /// <summary>Largest value kept, in microseconds (one hour); longer latencies are counted as this.</summary>
    public const long MaxMicroseconds = 3_600_000_000;

    /// <summary>Significant decimal digits kept of every value.</summary>
    public const int SignificantDigits = 3;

    /// <summary>A histogram for one writer.</summary>
    public static LongHistogram Create() => new(1, MaxMicroseconds, SignificantDigits);

    /// <summary>A recorder many threads can write to while one reads interval histograms from it.</summary>
    public static Recorder CreateRecorder() => HistogramFactory.With64BitBucketSize()
        .WithValuesFrom(1).WithValuesUpTo(MaxMicroseconds).WithPrecisionOf(SignificantDigits)
        .WithThreadSafeWrites().WithThreadSafeReads().Create();

    /// <summary><paramref name="ticks"/> of <see cref="Stopwatch"/> in whole microseconds, within the histogram's range.</summary>
    public static long ToMicroseconds(long ticks, long ticksPerSecond) =>
        Math.Clamp((long)Math.Round(ticks * 1_000_000.0 / ticksPerSecond), 1, MaxMicroseconds);
}
