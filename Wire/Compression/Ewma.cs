namespace SoapRouter.Wire.Compression;

/// <summary>Exponentially weighted moving averages updated lock-free; NaN means no sample yet.</summary>
internal static class Ewma
{
    /// <summary>Folds <paramref name="sample"/> into <paramref name="average"/> with weight <paramref name="alpha"/>.</summary>
    public static void Update(ref double average, double sample, double alpha)
    {
        while (true)
        {
            var current = Volatile.Read(ref average);
            var next = double.IsNaN(current) ? sample : current + (alpha * (sample - current));
            if (Interlocked.CompareExchange(ref average, next, current).Equals(current))
            {
                return;
            }
        }
    }
}
