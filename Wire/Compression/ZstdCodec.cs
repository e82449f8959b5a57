using System.Buffers;
using ZstdSharp;

namespace SoapRouter.Wire.Compression;

/// <summary>
/// Zstandard frames (ZstdSharp.Port) at levels 1 / 4 / 6 (measured, LEVELS.md: 3 was larger than 1 on SOAP
/// messages, 9 and 12 no smaller than 6 and slower). Whole messages go through one-shot calls on pooled contexts
/// (<see cref="ZstdContextPool"/>); a decode of unknown length streams.
/// </summary>
public sealed class ZstdCodec : StreamCodec
{
    /// <inheritdoc />
    public override string Name => CompressionCodecNames.Zstd;

    /// <inheritdoc />
    public override string HttpToken => "zstd";

    /// <inheritdoc />
    public override CodecId Id => CodecId.Zstd;

    /// <summary>The zstd level for <paramref name="level"/>.</summary>
    public static int LevelFor(CodecLevel level) => level switch
    {
        CodecLevel.Fast => 1,
        CodecLevel.Normal => 4,
        CodecLevel.Max => 6,
        _ => throw new ArgumentOutOfRangeException(nameof(level), level, "Unknown level."),
    };

    /// <inheritdoc />
    public override string DescribeLevel(CodecLevel level) => $"zstd {LevelFor(level)}";

    /// <inheritdoc />
    public override int Compress(ReadOnlySpan<byte> source, IBufferWriter<byte> destination, CodecLevel level)
    {
        ArgumentNullException.ThrowIfNull(destination);
        var span = destination.GetSpan(Compressor.GetCompressBound(source.Length));
        var compressor = ZstdContextPool.RentCompressor(level);
        int written;
        try
        {
            written = compressor.Wrap(source, span);
        }
        finally
        {
            ZstdContextPool.Return(level, compressor);
        }

        destination.Advance(written);
        return written;
    }

    /// <inheritdoc />
    public override int Decompress(ReadOnlyMemory<byte> source, IBufferWriter<byte> destination, int? originalLength, int maxDecompressedSize)
    {
        if (originalLength is not { } claimed)
        {
            return base.Decompress(source, destination, originalLength, maxDecompressedSize);
        }

        ArgumentNullException.ThrowIfNull(destination);
        DecompressionOutput.CheckClaim(Name, originalLength, maxDecompressedSize);

        // The claim is under the cap, so a buffer of exactly that size is bounded; a frame that needs more is corrupt.
        var span = destination.GetSpan(Math.Max(claimed, 1))[..claimed];
        int written;
        var decompressor = ZstdContextPool.RentDecompressor();
        try
        {
            written = decompressor.Unwrap(source.Span, span);
        }
        catch (ZstdException exception)
        {
            // A context that failed is not trusted again.
            decompressor.Dispose();
            throw new CorruptCompressedDataException(Name, "the data does not decode to its original length", exception);
        }

        ZstdContextPool.Return(decompressor);

        DecompressionOutput.CheckLength(Name, written, originalLength);
        destination.Advance(written);
        return written;
    }

    /// <inheritdoc />
    protected override Stream CreateEncoder(Stream output, CodecLevel level) => new CompressionStream(output, LevelFor(level), leaveOpen: true);

    /// <inheritdoc />
    protected override Stream CreateDecoder(Stream input) => new DecompressionStream(input, leaveOpen: true);

    /// <inheritdoc />
    protected override bool IsCorruptData(Exception exception) =>
        exception is ZstdException or EndOfStreamException || base.IsCorruptData(exception);
}
