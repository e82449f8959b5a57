using System.Collections.Frozen;

namespace Samples.Payloads;

/// <summary>
/// The seed-000 experiment's simple, medium and complex messages, each at a typical size. Measured
/// Deflate ratios of the GetOrders body with seed 1 (binary / text XML): simple 0.46 / 0.42 (one
/// order of 1 KB is too small for Deflate to find its redundancy; the echo preset reaches 0.27),
/// medium 0.44 / 0.39, complex 0.90 / 0.66.
/// </summary>
public static class MessagePresets
{
    /// <summary>~1 KB of highly redundant data.</summary>
    public static readonly MessagePreset Simple = new("simple", PayloadProfile.HighlyCompressible, 1024);

    /// <summary>~20 KB of averagely redundant data.</summary>
    public static readonly MessagePreset Medium = new("medium", PayloadProfile.Compressible, 20 * 1024);

    /// <summary>~200 KB of mostly random bytes.</summary>
    public static readonly MessagePreset Complex = new("complex", PayloadProfile.Incompressible, 200 * 1024);

    /// <summary>All presets by case-insensitive name.</summary>
    public static readonly FrozenDictionary<string, MessagePreset> ByName = new[] { Simple, Medium, Complex }
        .ToFrozenDictionary(preset => preset.Name, StringComparer.OrdinalIgnoreCase);
}
