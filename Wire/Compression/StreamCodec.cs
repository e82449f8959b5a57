using System.Buffers;

namespace SoapRouter.Wire.Compression;

/// <summary>A codec whose encoder and decoder are streams (Deflate, GZip, Zstandard): the shared bounded-decode loop.</summary>
public abstract class StreamCodec : ICompressionCodec
{
    /// <inheritdoc />
    public abstract string Name { get; }

    /// <inheritdoc />
    public abstract string HttpToken { get; }

    /// <inheritdoc />
    public abstract CodecId Id { get; }

    /// <inheritdoc />
    public bool RequiresOriginalLength => false;

    /// <inheritdoc />
    public abstract string DescribeLevel(CodecLevel level);

    /// <inheritdoc />
    public virtual int Compress(ReadOnlySpan<byte> source, IBufferWriter<byte> destination, CodecLevel level)
    {
        ArgumentNullException.ThrowIfNull(destination);
        var output = new BufferWriterStream(destination);
        using (var encoder = CreateEncoder(output, level))
        {
            encoder.Write(source);
        }

        return checked((int)output.Written);
    }

    /// <inheritdoc />
    public virtual int Decompress(ReadOnlyMemory<byte> source, IBufferWriter<byte> destination, int? originalLength, int maxDecompressedSize)
    {
        ArgumentNullException.ThrowIfNull(destination);
        DecompressionOutput.CheckClaim(Name, originalLength, maxDecompressedSize);
        var first = DecompressionOutput.FirstChunk(source.Length, originalLength, maxDecompressedSize);
        try
        {
            using var decoder = CreateDecoder(new ReadOnlyMemoryStream(source));
            var produced = DecompressionOutput.CopyBounded(Name, decoder, destination, first, originalLength, maxDecompressedSize);
            if (originalLength is null)
            {
                CheckComplete(source.Span, produced);
            }

            return produced;
        }
        catch (Exception exception) when (IsCorruptData(exception))
        {
            throw new CorruptCompressedDataException(Name, "the data does not decode", exception);
        }
    }

    /// <summary>A stream that compresses into <paramref name="output"/> at <paramref name="level"/>; disposing it finishes the data.</summary>
    protected abstract Stream CreateEncoder(Stream output, CodecLevel level);

    /// <summary>A stream that decompresses <paramref name="input"/>.</summary>
    protected abstract Stream CreateDecoder(Stream input);

    /// <summary>
    /// Checks, where the format allows, that data decoded without a known length was whole (.NET's Deflate and GZip
    /// streams end quietly at a cut); throws <see cref="CorruptCompressedDataException"/> when it was not.
    /// </summary>
    protected virtual void CheckComplete(ReadOnlySpan<byte> source, int produced)
    {
    }

    /// <summary>Whether <paramref name="exception"/> is the decoder's way of saying the input is bad.</summary>
    protected virtual bool IsCorruptData(Exception exception) => exception is InvalidDataException;
}
