namespace SoapRouter.Wire.Compression;

/// <summary>The codecs' names as configuration spells them (router.json's <c>compression.codecs</c>).</summary>
public static class CompressionCodecNames
{
    /// <summary>No compression.</summary>
    public const string None = "none";

    /// <summary>LZ4 (K4os).</summary>
    public const string Lz4 = "lz4";

    /// <summary>Raw DEFLATE.</summary>
    public const string Deflate = "deflate";

    /// <summary>GZip.</summary>
    public const string GZip = "gzip";

    /// <summary>Brotli.</summary>
    public const string Brotli = "brotli";

    /// <summary>Zstandard.</summary>
    public const string Zstd = "zstd";
}
