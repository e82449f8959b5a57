namespace SoapRouter.Wire.Compression;

/// <summary>
/// A codec's number on the wire (the binary prefix carries it in one byte). The numbers are part of the wire form:
/// never renumber one; a new codec takes a new number below <see cref="CodecSet.Capacity"/>.
/// </summary>
public enum CodecId : byte
{
    /// <summary>No compression: the body is the message.</summary>
    None = 0,

    /// <summary>An LZ4 block (K4os.Compression.LZ4); needs the original length to decode.</summary>
    Lz4 = 1,

    /// <summary>Raw DEFLATE (RFC 1951), as WCF's <c>+deflate</c> writes it.</summary>
    Deflate = 2,

    /// <summary>GZip (RFC 1952).</summary>
    GZip = 3,

    /// <summary>Brotli (RFC 7932).</summary>
    Brotli = 4,

    /// <summary>A Zstandard frame (ZstdSharp.Port).</summary>
    Zstd = 5,
}
