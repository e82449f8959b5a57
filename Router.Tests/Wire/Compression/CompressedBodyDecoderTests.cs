using SoapRouter.Wire.Compression;

namespace SoapRouter.Tests.Wire.Compression;

/// <summary>The shared receiver of compressed HTTP bodies: every outcome is a value with a message fit for the peer.</summary>
public sealed class CompressedBodyDecoderTests
{
    private const int Cap = 64 * 1024;

    [Theory]
    [InlineData(CompressionCodecNames.Lz4)]
    [InlineData(CompressionCodecNames.Zstd)]
    [InlineData(CompressionCodecNames.GZip)]
    public void ABody_WithItsOriginalLength_Decodes(string name)
    {
        var (link, codec) = LinkAnd(name);
        var plain = System.Text.Encoding.UTF8.GetBytes(string.Concat(Enumerable.Repeat("<order>42</order>", 500)));
        var compressed = Compress(codec, plain);
        using var output = new PooledBufferWriter();

        var result = CompressedBodyDecoder.Decode(link, codec, compressed, plain.Length.ToString(System.Globalization.CultureInfo.InvariantCulture), Cap, output);

        Assert.Equal(BodyDecodeStatus.Decoded, result.Status);
        Assert.Null(result.Problem);
        Assert.Equal(plain, output.ToArray());
        Assert.Equal(plain.Length, result.Length);
    }

    [Fact]
    public void AnUnreadableLength_IsBadLength_AndNothingIsDecoded()
    {
        var (link, codec) = LinkAnd(CompressionCodecNames.GZip);
        using var output = new PooledBufferWriter();

        var result = CompressedBodyDecoder.Decode(link, codec, Compress(codec, new byte[100]), "12ab", Cap, output);

        Assert.Equal(BodyDecodeStatus.BadLength, result.Status);
        Assert.Contains(CompressionHeaders.OriginalLength, result.Problem, StringComparison.Ordinal);
        Assert.Equal(0, output.WrittenCount);
    }

    [Fact]
    public void ABomb_IsRefusedAtTheCap_NamingCodecAndLimit()
    {
        var (link, codec) = LinkAnd(CompressionCodecNames.GZip);
        using var output = new PooledBufferWriter();

        var result = CompressedBodyDecoder.Decode(link, codec, Compress(codec, new byte[10 * Cap]), null, Cap, output);

        Assert.Equal(BodyDecodeStatus.Bomb, result.Status);
        Assert.Equal($"The gzip-compressed message expands past the limit of {Cap} bytes.", result.Problem);
        Assert.True(output.WrittenCount <= Cap + 1, $"{output.WrittenCount} bytes written"); // one past the cap tells a bomb from a body of exactly the cap
        Assert.Equal(1, link.GetStatistics().BombsRefused);
    }

    [Fact]
    public void CorruptData_IsRefused_WithoutQuotingTheInput()
    {
        var (link, codec) = LinkAnd(CompressionCodecNames.Zstd);
        using var output = new PooledBufferWriter();
        var garbage = "secret-looking input bytes"u8.ToArray();

        var result = CompressedBodyDecoder.Decode(link, codec, garbage, "100", Cap, output);

        Assert.Equal(BodyDecodeStatus.Corrupt, result.Status);
        Assert.Contains("zstd", result.Problem, StringComparison.Ordinal);
        Assert.DoesNotContain("secret", result.Problem, StringComparison.Ordinal);
        Assert.Equal(1, link.GetStatistics().CorruptRefused);
    }

    private static (CompressionLink Link, ICompressionCodec Codec) LinkAnd(string name)
    {
        var link = new CompressionLink(CompressionOptions.Default);
        Assert.True(link.Registry.TryGetByName(name, out var codec));
        return (link, codec!);
    }

    private static byte[] Compress(ICompressionCodec codec, byte[] plain)
    {
        using var output = new PooledBufferWriter();
        codec.Compress(plain, output, CodecLevel.Normal);
        return output.ToArray();
    }
}
