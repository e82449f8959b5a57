namespace LoadClient.Payloads;

/// <summary>
/// The seed-000 experiment's message sizes: "between 0.6 KB and 250 KB, most close to 150 KB". The article gives no
/// shape, so this is a normal distribution around 150 KB with a 40 KB standard deviation, drawn again when a draw falls
/// outside the range (about 0.6% of draws); its mean is ~149 KB.
/// </summary>
internal static class SeedSizes
{
    /// <summary>Smallest size, bytes (0.6 KB).</summary>
    public const int Min = 614;

    /// <summary>Largest size, bytes (250 KB).</summary>
    public const int Max = 250 * 1024;

    /// <summary>Where most sizes are, bytes (150 KB).</summary>
    public const int Center = 150 * 1024;

    /// <summary>Spread around <see cref="Center"/>, bytes.</summary>
    public const int StandardDeviation = 40 * 1024;

    /// <summary>One size drawn with <paramref name="random"/>, from <see cref="Min"/> to <see cref="Max"/>.</summary>
    public static int Sample(Random random)
    {
        ArgumentNullException.ThrowIfNull(random);
        while (true)
        {
            // Box-Muller; 1 - NextDouble() is in (0, 1], so the logarithm is finite.
            var normal = Math.Sqrt(-2.0 * Math.Log(1.0 - random.NextDouble())) * Math.Cos(2.0 * Math.PI * random.NextDouble());
            var size = Center + normal * StandardDeviation;
            if (size >= Min && size <= Max)
            {
                return (int)Math.Round(size);
            }
        }
    }
}
