namespace SoapRouter.Wire.Compression;

/// <summary>A compressed message that expands past the decompressed-size limit: refused, never expanded.</summary>
public sealed class CompressionBombException : DecompressionException
{
    /// <summary>Creates the exception for <paramref name="codec"/> and the cap it exceeded.</summary>
    public CompressionBombException(string codec, long maxDecompressedSize)
        : base($"The {codec} message expands beyond the limit of {maxDecompressedSize} bytes.")
    {
        Codec = codec;
        MaxDecompressedSize = maxDecompressedSize;
    }

    /// <summary>The cap that was exceeded.</summary>
    public long MaxDecompressedSize { get; }
}
