using System.Buffers;
using K4os.Compression.LZ4;

namespace SoapRouter.Wire.Compression;

/// <summary>
/// LZ4 blocks (K4os) at L00_FAST / L03_HC / L06_HC (L09_HC was no smaller than L06_HC, at a third of the speed). A block does not record its decoded length, so the wire form
/// carries it and <see cref="Decompress"/> requires it.
/// </summary>
public sealed class Lz4Codec : ICompressionCodec
{
    // An LZ4 sequence expands at most ~255:1, so a claim beyond that for the input's size is a lie, whatever the cap.
    private const long MaxExpansion = 256;

    /// <inheritdoc />
    public string Name => CompressionCodecNames.Lz4;

    /// <inheritdoc />
    public string HttpToken => "lz4";

    /// <inheritdoc />
    public CodecId Id => CodecId.Lz4;

    /// <inheritdoc />
    public bool RequiresOriginalLength => true;

    /// <summary>The K4os level for <paramref name="level"/>.</summary>
    public static LZ4Level LevelFor(CodecLevel level) => level switch
    {
        CodecLevel.Fast => LZ4Level.L00_FAST,
        CodecLevel.Normal => LZ4Level.L03_HC,
        CodecLevel.Max => LZ4Level.L06_HC,
        _ => throw new ArgumentOutOfRangeException(nameof(level), level, "Unknown level."),
    };

    /// <inheritdoc />
    public string DescribeLevel(CodecLevel level) => LevelFor(level).ToString();

    /// <inheritdoc />
    public int Compress(ReadOnlySpan<byte> source, IBufferWriter<byte> destination, CodecLevel level)
    {
        ArgumentNullException.ThrowIfNull(destination);
        if (source.IsEmpty)
        {
            return 0;
        }

        var span = destination.GetSpan(LZ4Codec.MaximumOutputSize(source.Length));
        var written = LZ4Codec.Encode(source, span, LevelFor(level));
        if (written <= 0)
        {
            throw new InvalidOperationException("LZ4 could not encode into a buffer of its own maximum output size.");
        }

        destination.Advance(written);
        return written;
    }

    /// <inheritdoc />
    public int Decompress(ReadOnlyMemory<byte> source, IBufferWriter<byte> destination, int? originalLength, int maxDecompressedSize)
    {
        ArgumentNullException.ThrowIfNull(destination);
        if (originalLength is not { } claimed)
        {
            throw new CorruptCompressedDataException(Name, "an LZ4 block needs its original length, and none was given");
        }

        DecompressionOutput.CheckClaim(Name, originalLength, maxDecompressedSize);
        if (claimed == 0)
        {
            return source.IsEmpty ? 0 : throw new CorruptCompressedDataException(Name, "an empty message has no data");
        }

        if (claimed > source.Length * MaxExpansion + 16)
        {
            throw new CorruptCompressedDataException(Name, "the original length is more than the data can expand to");
        }

        var span = destination.GetSpan(claimed)[..claimed];
        var written = LZ4Codec.Decode(source.Span, span);
        if (written < 0)
        {
            throw new CorruptCompressedDataException(Name, "the data does not decode");
        }

        DecompressionOutput.CheckLength(Name, written, originalLength);
        destination.Advance(written);
        return written;
    }
}
