using System.IO.Compression;

namespace SoapRouter.Wire.Compression;

/// <summary>
/// zlib's numeric levels for Deflate and GZip, set through <see cref="ZLibCompressionOptions"/>. Measured (LEVELS.md):
/// .NET's zlib-ng at level 1 (what <see cref="CompressionLevel.Fastest"/> gives) keeps 0.55 of a medium message where
/// level 2 keeps 0.41 at about the same speed; past 6 nothing gets smaller (9 was larger) and it gets slower.
/// </summary>
internal static class ZLibLevels
{
    private static readonly ZLibCompressionOptions[] ByLevel = [Create(For(CodecLevel.Fast)), Create(For(CodecLevel.Normal)), Create(For(CodecLevel.Max))];

    /// <summary>The zlib level for <paramref name="level"/>.</summary>
    public static int For(CodecLevel level) => level switch
    {
        CodecLevel.Fast => 2,
        CodecLevel.Normal => 4,
        CodecLevel.Max => 6,
        _ => throw new ArgumentOutOfRangeException(nameof(level), level, "Unknown level."),
    };

    /// <summary>The options object for <paramref name="level"/> (shared; the streams only read it).</summary>
    public static ZLibCompressionOptions Options(CodecLevel level) => ByLevel[(int)level];

    private static ZLibCompressionOptions Create(int level) => new() { CompressionLevel = level };
}
