using System.IO.Compression;

namespace SoapRouter.Wire.Compression;

/// <summary>
/// Raw DEFLATE at zlib levels 2 / 4 / 6 (WCF's <c>+deflate</c> is raw DEFLATE, not the zlib wrapper). Raw DEFLATE has
/// no trailer, so data cut short is caught only when the original length is known (the adaptive form always sends it).
/// </summary>
public sealed class DeflateCodec : StreamCodec
{
    /// <inheritdoc />
    public override string Name => CompressionCodecNames.Deflate;

    /// <inheritdoc />
    public override string HttpToken => "deflate";

    /// <inheritdoc />
    public override CodecId Id => CodecId.Deflate;

    /// <inheritdoc />
    public override string DescribeLevel(CodecLevel level) => $"zlib {ZLibLevels.For(level)}";

    /// <inheritdoc />
    protected override Stream CreateEncoder(Stream output, CodecLevel level) =>
        new DeflateStream(output, ZLibLevels.Options(level), leaveOpen: true);

    /// <inheritdoc />
    protected override Stream CreateDecoder(Stream input) => new DeflateStream(input, CompressionMode.Decompress, leaveOpen: true);
}
