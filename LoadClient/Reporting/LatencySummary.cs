using HdrHistogram;

namespace LoadClient.Reporting;

/// <summary>Latency percentiles in milliseconds, from an HdrHistogram of microseconds; all zero when nothing was measured.</summary>
internal sealed record LatencySummary(double P50, double P90, double P99, double P999, double Max, double Mean)
{
    /// <summary>Nothing measured.</summary>
    public static LatencySummary Empty { get; } = new(0, 0, 0, 0, 0, 0);

    /// <summary>Summarizes <paramref name="microseconds"/>, a histogram of latencies in microseconds.</summary>
    public static LatencySummary From(HistogramBase microseconds)
    {
        ArgumentNullException.ThrowIfNull(microseconds);
        if (microseconds.TotalCount == 0)
        {
            return Empty;
        }

        // HdrHistogram reports a value as the highest equivalent one of its bucket (within 0.1%).
        const double ToMs = 1.0 / 1000;
        return new LatencySummary(
            microseconds.GetValueAtPercentile(50) * ToMs,
            microseconds.GetValueAtPercentile(90) * ToMs,
            microseconds.GetValueAtPercentile(99) * ToMs,
            microseconds.GetValueAtPercentile(99.9) * ToMs,
            microseconds.GetMaxValue() * ToMs,
            microseconds.GetMean() * ToMs);
    }
}
