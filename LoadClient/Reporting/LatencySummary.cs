namespace LoadClient.Reporting;

/// <summary>Latency percentiles in milliseconds; all zero when nothing was measured.</summary>
internal sealed record LatencySummary(double P50, double P90, double P99, double Max, double Mean)
{
    /// <summary>Summarizes <paramref name="ticks"/> (sorted in place) measured at <paramref name="ticksPerSecond"/>.</summary>
    public static LatencySummary From(Span<long> ticks, long ticksPerSecond)
    {
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(ticksPerSecond);
        if (ticks.IsEmpty)
        {
            return new LatencySummary(0, 0, 0, 0, 0);
        }

        ticks.Sort();
        double sum = 0;
        foreach (var tick in ticks)
        {
            sum += tick;
        }

        var toMs = 1000.0 / ticksPerSecond;
        return new LatencySummary(
            Percentiles.NearestRank(ticks, 50) * toMs,
            Percentiles.NearestRank(ticks, 90) * toMs,
            Percentiles.NearestRank(ticks, 99) * toMs,
            ticks[^1] * toMs,
            sum / ticks.Length * toMs);
    }
}
