namespace LoadClient.Payloads;

/// <summary>
/// The raw mode's stand-in for <see cref="SeedSizes"/>: templates are encoded once, so it builds <see cref="Count"/>
/// of them at sizes evenly spread over the seed's range and sends, for each drawn size, the template nearest to it
/// (off by at most half a step, ~11 KB).
/// </summary>
internal static class SizeBuckets
{
    /// <summary>How many template sizes.</summary>
    public const int Count = 12;

    private const double Step = (double)(SeedSizes.Max - SeedSizes.Min) / (Count - 1);

    /// <summary>The template sizes, smallest (0.6 KB) to largest (250 KB).</summary>
    public static IReadOnlyList<int> Sizes { get; } = Enumerable.Range(0, Count).Select(i => (int)Math.Round(SeedSizes.Min + i * Step)).ToArray();

    /// <summary>The index of the size nearest to <paramref name="size"/>.</summary>
    public static int Nearest(int size) => (int)Math.Clamp(Math.Round((size - SeedSizes.Min) / Step), 0, Count - 1);
}
