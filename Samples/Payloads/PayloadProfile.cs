namespace Samples.Payloads;

/// <summary>
/// How compressible the stub's payloads are: the seed-000 experiment's simple, medium and complex
/// messages. Ratios are Deflate (CompressionLevel.Optimal) output over input, measured on
/// GetOrders(100) with seed 42; echo payloads of 20-200 KB land within a few hundredths of them.
/// Messages of one or two orders (~1-2 KB) compress worse whatever the profile (0.4-0.5 for
/// HighlyCompressible) because the XML structure of a single order gives Deflate nothing to repeat.
/// </summary>
public enum PayloadProfile
{
    /// <summary>Highly redundant data (target ~0.1): measured binary XML 0.093, text XML 0.076.</summary>
    HighlyCompressible,

    /// <summary>Average redundancy, word-list text and random numbers (target ~0.4): binary XML 0.389, text XML 0.334.</summary>
    Compressible,

    /// <summary>
    /// Mostly random bytes (target ~0.9): binary XML 0.893; text XML only 0.653, because base64
    /// spends 8 bits on every 6 bits of entropy, so text XML can never go above ~0.75.
    /// </summary>
    Incompressible,
}
