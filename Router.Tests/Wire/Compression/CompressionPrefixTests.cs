using SoapRouter.Wire.Compression;

namespace SoapRouter.Tests.Wire.Compression;

public sealed class CompressionPrefixTests
{
    public static TheoryData<int, int> Lengths => new()
    {
        { 0, 4 }, { 0x7F, 4 }, { 0x80, 5 }, { 0x3FFF, 5 }, { 0x4000, 6 }, { 0x1FFFFF, 6 },
        { 0x200000, 7 }, { 0x0FFFFFFF, 7 }, { 0x10000000, 8 }, { int.MaxValue, 8 },
    };

    [Theory]
    [MemberData(nameof(Lengths))]
    public void Write_ThenTryRead_GivesTheCodecLengthAndPrefixSize(int originalLength, int prefixLength)
    {
        var buffer = new byte[CompressionPrefix.MaxLength + 3];
        var written = CompressionPrefix.Write(buffer, CodecId.Zstd, originalLength);
        buffer[written] = 0xAB;

        Assert.Equal(prefixLength, written);
        Assert.Equal(prefixLength, CompressionPrefix.GetByteCount(originalLength));
        Assert.Equal(CompressionPrefixStatus.Prefixed, CompressionPrefix.TryRead(buffer, out var header));
        Assert.Equal(new CompressionPrefixHeader(CodecId.Zstd, originalLength, prefixLength), header);
    }

    [Theory]
    [MemberData(nameof(Lengths))]
    public void EveryCutInsideThePrefix_IsTruncated(int originalLength, int prefixLength)
    {
        var buffer = new byte[CompressionPrefix.MaxLength];
        CompressionPrefix.Write(buffer, CodecId.Lz4, originalLength);

        for (var cut = 1; cut < prefixLength; cut++)
        {
            Assert.Equal(CompressionPrefixStatus.Truncated, CompressionPrefix.TryRead(buffer.AsSpan(0, cut), out _));
        }
    }

    [Fact]
    public void KnownBytes_ForOneHundredFiftyKilobytesOfLz4()
    {
        // 153600 = 0x25800: 7-bit groups 0x00, 0x30, 0x09, low group first.
        byte[] expected = [0xCE, 0x5A, 0x01, 0x80, 0xB0, 0x09];
        var buffer = new byte[CompressionPrefix.MaxLength];

        Assert.Equal(expected, buffer[..CompressionPrefix.Write(buffer, CodecId.Lz4, 153600)]);
    }

    [Theory]
    [InlineData(new byte[] { })]
    [InlineData(new byte[] { (byte)'<', (byte)'s' })]
    [InlineData(new byte[] { 0x56, 0x02, 0x0B })]
    [InlineData(new byte[] { 0xEF, 0xBB, 0xBF, (byte)'<' })]
    public void MessagesWithoutTheMagic_ArePlain(byte[] message)
    {
        Assert.Equal(CompressionPrefixStatus.Plain, CompressionPrefix.TryRead(message, out _));
        Assert.False(CompressionPrefix.NeedsEscape(message));
    }

    [Theory]
    [InlineData(new byte[] { 0xCE, 0x00, 0x01, 0x05 })]
    [InlineData(new byte[] { 0xCE, 0x5A, 0x40, 0x05 })]
    [InlineData(new byte[] { 0xCE, 0x5A, 0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0x08 })]
    [InlineData(new byte[] { 0xCE, 0x5A, 0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0x87, 0x00 })]
    public void Garbage_AfterTheFirstMagicByte_IsInvalid(byte[] message)
    {
        Assert.Equal(CompressionPrefixStatus.Invalid, CompressionPrefix.TryRead(message, out _));
    }

    [Fact]
    public void APlainMessageStartingWithTheMagic_NeedsEscape_AndANonePrefixCarriesIt()
    {
        byte[] plain = [0xCE, 0x5A, 0x01, 0x05, 1, 2, 3, 4, 5];
        Assert.True(CompressionPrefix.NeedsEscape(plain));

        var framed = new byte[CompressionPrefix.MaxLength + plain.Length];
        var prefix = CompressionPrefix.Write(framed, CodecId.None, plain.Length);
        plain.CopyTo(framed, prefix);

        Assert.Equal(CompressionPrefixStatus.Prefixed, CompressionPrefix.TryRead(framed, out var header));
        Assert.Equal(CodecId.None, header.Codec);
        Assert.Equal(plain, framed.AsSpan(header.PrefixLength, header.OriginalLength).ToArray());
    }

    [Fact]
    public void Write_RefusesAShortDestinationAndANegativeLength()
    {
        Assert.Throws<ArgumentOutOfRangeException>(() => CompressionPrefix.Write(new byte[4], CodecId.Lz4, 0x80));
        Assert.Throws<ArgumentOutOfRangeException>(() => CompressionPrefix.Write(new byte[8], CodecId.Lz4, -1));
    }
}
