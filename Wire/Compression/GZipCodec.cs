using System.Buffers.Binary;
using System.IO.Compression;

namespace SoapRouter.Wire.Compression;

/// <summary>GZip at zlib levels 2 / 4 / 6.</summary>
public sealed class GZipCodec : StreamCodec
{
    /// <inheritdoc />
    public override string Name => CompressionCodecNames.GZip;

    /// <inheritdoc />
    public override string HttpToken => "gzip";

    /// <inheritdoc />
    public override CodecId Id => CodecId.GZip;

    /// <inheritdoc />
    public override string DescribeLevel(CodecLevel level) => $"zlib {ZLibLevels.For(level)}";

    /// <inheritdoc />
    protected override Stream CreateEncoder(Stream output, CodecLevel level) =>
        new GZipStream(output, ZLibLevels.Options(level), leaveOpen: true);

    /// <inheritdoc />
    protected override void CheckComplete(ReadOnlySpan<byte> source, int produced)
    {
        // A gzip member ends with CRC-32 and ISIZE (the length mod 2^32): a cut member's last four bytes are not its
        // length. Senders write one member per message, so the trailer is the data's last eight bytes.
        // .NET writes nothing at all for an empty message, so empty decodes to empty.
        const int HeaderAndTrailer = 18;
        if (source.IsEmpty && produced == 0)
        {
            return;
        }

        if (source.Length < HeaderAndTrailer || BinaryPrimitives.ReadUInt32LittleEndian(source[^4..]) != (uint)produced)
        {
            throw new CorruptCompressedDataException(Name, "the data ends too soon");
        }
    }

    /// <inheritdoc />
    protected override Stream CreateDecoder(Stream input) => new GZipStream(input, CompressionMode.Decompress, leaveOpen: true);
}
