namespace LoadClient.Payloads;

/// <summary>How echo request sizes are chosen (--size-distribution).</summary>
internal enum SizeDistribution
{
    /// <summary>Every request is --size bytes.</summary>
    Fixed,

    /// <summary>The seed experiment's sizes: 0.6 KB to 250 KB, most near 150 KB (<see cref="SeedSizes"/>).</summary>
    Seed,
}
