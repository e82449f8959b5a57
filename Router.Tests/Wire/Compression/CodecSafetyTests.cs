using SoapRouter.Wire.Compression;

namespace SoapRouter.Tests.Wire.Compression;

public sealed class CodecSafetyTests
{
    private const int OneMegabyte = 1024 * 1024;
    private const int HundredMegabytes = 100 * OneMegabyte;

    // Compressing 100 MB of zeros once per codec is the expensive part; every test shares it.
    private static readonly Lazy<Dictionary<CodecId, byte[]>> Bombs = new(() =>
    {
        var zeros = new byte[HundredMegabytes];
        var bombs = new Dictionary<CodecId, byte[]>();
        foreach (var codec in CodecRegistry.Default.Codecs)
        {
            using var output = new PooledBufferWriter();
            codec.Compress(zeros, output, CodecLevel.Fast);
            bombs[codec.Id] = output.ToArray();
        }

        return bombs;
    });

    public static TheoryData<string> CodecNames()
    {
        var data = new TheoryData<string>();
        foreach (var codec in CodecRegistry.Default.Codecs)
        {
            data.Add(codec.Name);
        }

        return data;
    }

    public static TheoryData<string> CompressingCodecNames()
    {
        var data = new TheoryData<string>();
        foreach (var codec in CodecRegistry.Default.Codecs)
        {
            if (codec.Id != CodecId.None)
            {
                data.Add(codec.Name);
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(CodecNames))]
    public void Decompress_HundredMegabytesOfZeros_WithTheTrueLength_IsABomb_BeforeAnyOutput(string name)
    {
        var codec = Get(name);
        using var output = new PooledBufferWriter();

        var bomb = Assert.Throws<CompressionBombException>(() => codec.Decompress(Bombs.Value[codec.Id], output, HundredMegabytes, OneMegabyte));

        Assert.Equal(OneMegabyte, bomb.MaxDecompressedSize);
        Assert.Equal(name, bomb.Codec);
        Assert.Equal(0, output.WrittenCount);
    }

    [Theory]
    [MemberData(nameof(CodecNames))]
    public void Decompress_HundredMegabytesOfZeros_WithNoLength_StopsAtTheCap(string name)
    {
        var codec = Get(name);
        if (codec.RequiresOriginalLength)
        {
            // LZ4 cannot decode without a length: refused as corrupt, never expanded.
            Assert.Throws<CorruptCompressedDataException>(() => codec.Decompress(Bombs.Value[codec.Id], new PooledBufferWriter(), null, OneMegabyte));
            return;
        }

        using var output = new PooledBufferWriter();
        Assert.Throws<CompressionBombException>(() => codec.Decompress(Bombs.Value[codec.Id], output, originalLength: null, OneMegabyte));
        Assert.True(output.WrittenCount <= OneMegabyte + 1, $"{name} wrote {output.WrittenCount} bytes");
    }

    [Theory]
    [MemberData(nameof(CompressingCodecNames))]
    public void Decompress_HundredMegabytesOfZeros_ClaimingOneKilobyte_IsCorrupt_AndStopsThere(string name)
    {
        var codec = Get(name);
        using var output = new PooledBufferWriter();

        Assert.Throws<CorruptCompressedDataException>(() => codec.Decompress(Bombs.Value[codec.Id], output, 1024, OneMegabyte));
        Assert.True(output.WrittenCount <= 1025, $"{name} wrote {output.WrittenCount} bytes");
    }

    [Theory]
    [MemberData(nameof(CompressingCodecNames))]
    public void Decompress_Garbage_IsCorrupt(string name)
    {
        var codec = Get(name);
        var garbage = TestPayloads.Random(4096, seed: 7);

        var error = Assert.Throws<CorruptCompressedDataException>(() => codec.Decompress(garbage, new PooledBufferWriter(), 100_000, OneMegabyte));
        Assert.Contains(name, error.Message, StringComparison.Ordinal);
        if (!codec.RequiresOriginalLength)
        {
            Assert.Throws<CorruptCompressedDataException>(() => codec.Decompress(garbage, new PooledBufferWriter(), null, OneMegabyte));
        }
    }

    [Theory]
    [MemberData(nameof(CompressingCodecNames))]
    public void Decompress_Truncated_IsCorrupt(string name)
    {
        var codec = Get(name);
        var original = TestPayloads.Xml(64 * 1024);
        using var compressed = new PooledBufferWriter();
        codec.Compress(original, compressed, CodecLevel.Normal);
        var truncated = compressed.WrittenMemory[..(compressed.WrittenCount / 2)];

        Assert.Throws<CorruptCompressedDataException>(() => codec.Decompress(truncated, new PooledBufferWriter(), original.Length, OneMegabyte));

        // Raw DEFLATE has no trailer: without a length a cut is invisible (the documented limit of WCF's +deflate).
        if (!codec.RequiresOriginalLength && codec.Id != CodecId.Deflate)
        {
            Assert.Throws<CorruptCompressedDataException>(() => codec.Decompress(truncated, new PooledBufferWriter(), null, OneMegabyte));
        }
    }

    [Theory]
    [MemberData(nameof(CodecNames))]
    public void Decompress_ClaimingTooFewOrTooManyBytes_IsCorrupt(string name)
    {
        var codec = Get(name);
        var original = TestPayloads.Xml(10_000);
        using var compressed = new PooledBufferWriter();
        codec.Compress(original, compressed, CodecLevel.Fast);

        Assert.Throws<CorruptCompressedDataException>(() => codec.Decompress(compressed.WrittenMemory, new PooledBufferWriter(), original.Length - 1, OneMegabyte));
        Assert.Throws<CorruptCompressedDataException>(() => codec.Decompress(compressed.WrittenMemory, new PooledBufferWriter(), original.Length + 1, OneMegabyte));
        Assert.Throws<CorruptCompressedDataException>(() => codec.Decompress(compressed.WrittenMemory, new PooledBufferWriter(), -1, OneMegabyte));
    }

    [Theory]
    [MemberData(nameof(CodecNames))]
    public void Decompress_ExactlyAtTheCap_Succeeds_OneByteOver_IsABomb(string name)
    {
        var codec = Get(name);
        var original = TestPayloads.Xml(10_000);
        using var compressed = new PooledBufferWriter();
        codec.Compress(original, compressed, CodecLevel.Fast);

        using var output = new PooledBufferWriter();
        Assert.Equal(original.Length, codec.Decompress(compressed.WrittenMemory, output, original.Length, original.Length));
        Assert.Throws<CompressionBombException>(() => codec.Decompress(compressed.WrittenMemory, new PooledBufferWriter(), original.Length, original.Length - 1));
        if (!codec.RequiresOriginalLength)
        {
            Assert.Throws<CompressionBombException>(() => codec.Decompress(compressed.WrittenMemory, new PooledBufferWriter(), null, original.Length - 1));
        }
    }

    [Fact]
    public void Lz4_AClaimFarBeyondWhatTheDataCanExpandTo_IsCorrupt_WithoutAllocatingIt()
    {
        var codec = new Lz4Codec();
        var error = Assert.Throws<CorruptCompressedDataException>(() => codec.Decompress(new byte[10], new PooledBufferWriter(), 900_000, OneMegabyte));
        Assert.Contains("expand", error.Message, StringComparison.Ordinal);
    }

    private static ICompressionCodec Get(string name) =>
        CodecRegistry.Default.TryGetByName(name, out var codec) ? codec : throw new InvalidOperationException(name);
}
