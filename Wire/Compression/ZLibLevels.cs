using System.IO.Compression;

namespace SoapRouter.Wire.Compression;

/// <summary>
/// zlib's numeric levels for Deflate and GZip. .NET's <see cref="CompressionLevel.Fastest"/> gives away much of the
/// ratio, so the fast level is zlib 1 through <see cref="ZLibCompressionOptions"/>; 9 is zlib's best.
/// </summary>
internal static class ZLibLevels
{
    private static readonly ZLibCompressionOptions[] ByLevel = [Create(For(CodecLevel.Fast)), Create(For(CodecLevel.Normal)), Create(For(CodecLevel.Max))];

    /// <summary>The zlib level for <paramref name="level"/>.</summary>
    public static int For(CodecLevel level) => level switch
    {
        CodecLevel.Fast => 1,
        CodecLevel.Normal => 6,
        CodecLevel.Max => 9,
        _ => throw new ArgumentOutOfRangeException(nameof(level), level, "Unknown level."),
    };

    /// <summary>The options object for <paramref name="level"/> (shared; the streams only read it).</summary>
    public static ZLibCompressionOptions Options(CodecLevel level) => ByLevel[(int)level];

    private static ZLibCompressionOptions Create(int level) => new() { CompressionLevel = level };
}
