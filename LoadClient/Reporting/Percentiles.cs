namespace LoadClient.Reporting;

/// <summary>Percentiles by the nearest-rank method: the smallest sample with at least p% of samples at or below it.</summary>
internal static class Percentiles
{
    /// <summary>The <paramref name="percentile"/> (0 &lt; p ≤ 100) of <paramref name="sorted"/>, which is in ascending order and not empty.</summary>
    public static long NearestRank(ReadOnlySpan<long> sorted, double percentile)
    {
        if (sorted.IsEmpty)
        {
            throw new ArgumentException("There are no samples.", nameof(sorted));
        }

        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(percentile);
        ArgumentOutOfRangeException.ThrowIfGreaterThan(percentile, 100);

        // The rank is computed in decimal so that 90% of 10 samples is rank 9, not 10 from 9.000000000000002.
        var rank = (long)Math.Ceiling((decimal)percentile / 100m * sorted.Length);
        return sorted[(int)Math.Clamp(rank, 1, sorted.Length) - 1];
    }
}
