using System.Buffers;

namespace SoapRouter.Wire.Compression;

/// <summary>The identity codec: the body is the message (still bounded by the cap on decode).</summary>
public sealed class NoneCodec : ICompressionCodec
{
    /// <inheritdoc />
    public string Name => CompressionCodecNames.None;

    /// <inheritdoc />
    public string HttpToken => "identity";

    /// <inheritdoc />
    public CodecId Id => CodecId.None;

    /// <inheritdoc />
    public bool RequiresOriginalLength => false;

    /// <inheritdoc />
    public string DescribeLevel(CodecLevel level) => "copy";

    /// <inheritdoc />
    public int Compress(ReadOnlySpan<byte> source, IBufferWriter<byte> destination, CodecLevel level)
    {
        ArgumentNullException.ThrowIfNull(destination);
        destination.Write(source);
        return source.Length;
    }

    /// <inheritdoc />
    public int Decompress(ReadOnlyMemory<byte> source, IBufferWriter<byte> destination, int? originalLength, int maxDecompressedSize)
    {
        ArgumentNullException.ThrowIfNull(destination);
        DecompressionOutput.CheckClaim(Name, originalLength, maxDecompressedSize);
        if (source.Length > maxDecompressedSize)
        {
            throw new CompressionBombException(Name, maxDecompressedSize);
        }

        DecompressionOutput.CheckLength(Name, source.Length, originalLength);
        destination.Write(source.Span);
        return source.Length;
    }
}
