namespace SoapRouter.Wire.Compression;

/// <summary>
/// The speeds the policy starts from before it has timed anything itself: measured by
/// Benchmarks/CompressionBenchmarks on a ~150 KB medium-compressible message (Wire/Compression/LEVELS.md has the
/// table and the command). Unknown codecs start from a cautious guess.
/// </summary>
public static class CodecSpeedTable
{
    private static readonly CodecSpeed Unknown = new(50, 200, 0.5);

    /// <summary>The seed for <paramref name="codec"/> at <paramref name="level"/>.</summary>
    public static CodecSpeed Get(CodecId codec, CodecLevel level) => (codec, level) switch
    {
        (CodecId.None, _) => new CodecSpeed(10_000, 10_000, 1),
        (CodecId.Lz4, CodecLevel.Fast) => new CodecSpeed(300, 1500, 0.55),
        (CodecId.Lz4, CodecLevel.Normal) => new CodecSpeed(60, 1500, 0.48),
        (CodecId.Lz4, CodecLevel.Max) => new CodecSpeed(30, 1500, 0.47),
        (CodecId.Zstd, CodecLevel.Fast) => new CodecSpeed(250, 700, 0.40),
        (CodecId.Zstd, CodecLevel.Normal) => new CodecSpeed(150, 700, 0.38),
        (CodecId.Zstd, CodecLevel.Max) => new CodecSpeed(50, 700, 0.36),
        (CodecId.Brotli, CodecLevel.Fast) => new CodecSpeed(150, 300, 0.42),
        (CodecId.Brotli, CodecLevel.Normal) => new CodecSpeed(50, 300, 0.37),
        (CodecId.Brotli, CodecLevel.Max) => new CodecSpeed(15, 300, 0.35),
        (CodecId.GZip or CodecId.Deflate, CodecLevel.Fast) => new CodecSpeed(80, 300, 0.42),
        (CodecId.GZip or CodecId.Deflate, CodecLevel.Normal) => new CodecSpeed(30, 300, 0.39),
        (CodecId.GZip or CodecId.Deflate, CodecLevel.Max) => new CodecSpeed(15, 300, 0.39),
        _ => Unknown,
    };
}
