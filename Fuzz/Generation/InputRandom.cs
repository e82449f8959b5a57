namespace SoapRouter.Fuzz.Generation;

/// <summary>
/// The random source of one input, derived from (run seed, target, index) alone, so any input can be made again from
/// those three numbers (<c>--repro</c>) whatever the concurrency or the order inputs were sent in.
/// </summary>
internal static class InputRandom
{
    /// <summary>The generator of input <paramref name="index"/> of <paramref name="target"/> in run <paramref name="seed"/>.</summary>
    public static Random For(int seed, string target, long index)
    {
        // FNV-1a over the target's name: string.GetHashCode is randomized per process.
        var hash = 14695981039346656037UL;
        foreach (var c in target)
        {
            hash = (hash ^ c) * 1099511628211UL;
        }

        hash ^= (ulong)seed * 0x9E3779B97F4A7C15UL;
        hash ^= (ulong)index * 0xC2B2AE3D27D4EB4FUL;
        return new Random((int)(hash ^ (hash >> 32)));
    }

    /// <summary>A length skewed toward small values, up to <paramref name="max"/>: most mutations are small, a few are huge.</summary>
    public static int SkewedLength(this Random random, int max) =>
        Math.Min(max, (int)Math.Pow(2, random.NextDouble() * Math.Log2(Math.Max(2, max))));
}
