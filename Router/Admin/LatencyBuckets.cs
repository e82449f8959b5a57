namespace SoapRouter.Admin;

/// <summary>
/// The fixed buckets of the operator page's latency counts: upper bounds from 0.1 ms growing by √2 to about 20 min, so a
/// percentile read from them is within 41% of the truth and a name costs one small array.
/// </summary>
internal static class LatencyBuckets
{
    /// <summary>How many buckets; the last one also takes everything slower.</summary>
    public const int Count = 48;

    private const double FirstBoundSeconds = 0.0001;

    /// <summary>Each bucket's upper bound in milliseconds, rounded for JSON.</summary>
    public static IReadOnlyList<double> BoundsMs { get; } = Bounds();

    /// <summary>The bucket of a duration of <paramref name="seconds"/>.</summary>
    public static int Of(double seconds)
    {
        if (!(seconds > FirstBoundSeconds))
        {
            return 0;
        }

        var index = (int)Math.Ceiling(2 * Math.Log2(seconds / FirstBoundSeconds));
        return Math.Min(index, Count - 1);
    }

    private static double[] Bounds()
    {
        var bounds = new double[Count];
        for (var i = 0; i < Count; i++)
        {
            bounds[i] = Math.Round(FirstBoundSeconds * 1000 * Math.Pow(2, i / 2.0), 4);
        }

        return bounds;
    }
}
