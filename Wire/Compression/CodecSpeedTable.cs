namespace SoapRouter.Wire.Compression;

/// <summary>
/// The speeds the policy starts from before it has timed anything itself: the MB/s and Size columns of
/// Benchmarks/CompressionBenchmarks on a ~150 KB medium-compressible message, measured on a busy 2-core machine
/// (Wire/Compression/LEVELS.md has the table and the command). Only the ratios' proportions between codec levels
/// matter once an action has samples; the speeds are replaced by this machine's own as it compresses. Unknown codecs
/// start from a cautious guess.
/// </summary>
public static class CodecSpeedTable
{
    private static readonly CodecSpeed Unknown = new(50, 200, 0.5);

    /// <summary>The seed for <paramref name="codec"/> at <paramref name="level"/>.</summary>
    public static CodecSpeed Get(CodecId codec, CodecLevel level) => (codec, level) switch
    {
        (CodecId.None, _) => new CodecSpeed(10_000, 10_000, 1),
        (CodecId.Lz4, CodecLevel.Fast) => new CodecSpeed(484.8, 5934.4, 0.651),
        (CodecId.Lz4, CodecLevel.Normal) => new CodecSpeed(59.8, 3103.9, 0.500),
        (CodecId.Lz4, CodecLevel.Max) => new CodecSpeed(42.6, 3250.8, 0.490),
        (CodecId.Zstd, CodecLevel.Fast) => new CodecSpeed(292.2, 1276.8, 0.395),
        (CodecId.Zstd, CodecLevel.Normal) => new CodecSpeed(87.4, 1051.8, 0.387),
        (CodecId.Zstd, CodecLevel.Max) => new CodecSpeed(65.3, 773.8, 0.382),
        (CodecId.Brotli, CodecLevel.Fast) => new CodecSpeed(92.5, 365.8, 0.389),
        (CodecId.Brotli, CodecLevel.Normal) => new CodecSpeed(48.5, 226.4, 0.384),
        (CodecId.Brotli, CodecLevel.Max) => new CodecSpeed(25.1, 237.7, 0.383),
        (CodecId.GZip, CodecLevel.Fast) => new CodecSpeed(74.0, 223.8, 0.414),
        (CodecId.GZip, CodecLevel.Normal) => new CodecSpeed(56.3, 250.0, 0.398),
        (CodecId.GZip, CodecLevel.Max) => new CodecSpeed(48.0, 280.7, 0.394),
        (CodecId.Deflate, CodecLevel.Fast) => new CodecSpeed(73.1, 253.7, 0.414),
        (CodecId.Deflate, CodecLevel.Normal) => new CodecSpeed(52.0, 281.9, 0.398),
        (CodecId.Deflate, CodecLevel.Max) => new CodecSpeed(50.0, 288.5, 0.394),
        _ => Unknown,
    };
}
