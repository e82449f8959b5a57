namespace BackendStub.Hosting;

/// <summary>
/// Maps (seed, counter) to a uniform double in [0, 1) with the SplitMix64 finalizer. A pure function
/// instead of a shared <see cref="Random"/>: draw n is the same whichever thread asks, and no lock is needed.
/// </summary>
internal static class CounterHash
{
    /// <summary>The uniform value of draw <paramref name="counter"/> under <paramref name="seed"/>.</summary>
    public static double UnitInterval(int seed, long counter)
    {
        var z = unchecked(((ulong)(uint)seed << 32) + ((ulong)counter * 0x9E3779B97F4A7C15UL));
        z = unchecked((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9UL);
        z = unchecked((z ^ (z >> 27)) * 0x94D049BB133111EBUL);
        z ^= z >> 31;

        // The top 53 bits fill a double's mantissa exactly.
        return (z >> 11) * (1.0 / (1UL << 53));
    }
}
