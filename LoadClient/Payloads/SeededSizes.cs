namespace LoadClient.Payloads;

/// <summary>A thread-safe, seeded stream of <see cref="SeedSizes"/> draws, shared by the WCF mode's channels.</summary>
internal sealed class SeededSizes(int seed)
{
    private readonly Random _random = new(seed);
    private readonly Lock _lock = new();

    /// <summary>The next size.</summary>
    public int Next()
    {
        lock (_lock)
        {
            return SeedSizes.Sample(_random);
        }
    }
}
