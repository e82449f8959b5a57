using System.Buffers;

namespace SoapRouter.Wire.Compression;

/// <summary>
/// One compression algorithm. Implementations are thread-safe and stateless per call, so one instance serves every
/// link. Decoding is bounded: it never produces more than the cap, whatever the input claims.
/// </summary>
public interface ICompressionCodec
{
    /// <summary>The configuration name (<see cref="CompressionCodecNames"/>).</summary>
    string Name { get; }

    /// <summary>The HTTP <c>Content-Encoding</c> token (<c>lz4</c>, <c>zstd</c>, <c>br</c>, <c>gzip</c>, <c>deflate</c>, <c>identity</c>).</summary>
    string HttpToken { get; }

    /// <summary>The number the binary prefix carries.</summary>
    CodecId Id { get; }

    /// <summary>Whether <see cref="Decompress"/> needs the original length (an LZ4 block does not say where it ends).</summary>
    bool RequiresOriginalLength { get; }

    /// <summary>The codec's own level for <paramref name="level"/>, for logs and LEVELS.md (e.g. <c>zlib 6</c>).</summary>
    string DescribeLevel(CodecLevel level);

    /// <summary>Compresses <paramref name="source"/> into <paramref name="destination"/>; returns the bytes written.</summary>
    int Compress(ReadOnlySpan<byte> source, IBufferWriter<byte> destination, CodecLevel level);

    /// <summary>
    /// Decompresses <paramref name="source"/> into <paramref name="destination"/>; returns the bytes written.
    /// <paramref name="originalLength"/> is what the sender claimed (null: unknown); it is checked, never trusted for
    /// an allocation beyond <paramref name="maxDecompressedSize"/>.
    /// </summary>
    /// <exception cref="CompressionBombException">The output would exceed <paramref name="maxDecompressedSize"/>.</exception>
    /// <exception cref="CorruptCompressedDataException">The input is not valid for this codec or its length disagrees with the claim.</exception>
    int Decompress(ReadOnlyMemory<byte> source, IBufferWriter<byte> destination, int? originalLength, int maxDecompressedSize);
}
