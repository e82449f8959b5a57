using System.Buffers;
using SoapRouter.Wire.Compression;

namespace SoapRouter.Tests.Wire.Compression;

public sealed class CodecRoundTripTests
{
    private const int Cap = 4 * 1024 * 1024;

    public static TheoryData<string, CodecLevel> CodecsAndLevels()
    {
        var data = new TheoryData<string, CodecLevel>();
        foreach (var codec in CodecRegistry.Default.Codecs)
        {
            foreach (var level in Enum.GetValues<CodecLevel>())
            {
                data.Add(codec.Name, level);
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(CodecsAndLevels))]
    public void RoundTrip_RandomAndXml_EverySize_GivesTheOriginalBytes(string name, CodecLevel level)
    {
        Assert.True(CodecRegistry.Default.TryGetByName(name, out var codec));
        foreach (var size in TestPayloads.Sizes)
        {
            foreach (var original in new[] { TestPayloads.Random(size, seed: size), TestPayloads.Xml(size, seed: size) })
            {
                using var compressed = new PooledBufferWriter();
                var written = codec.Compress(original, compressed, level);
                Assert.Equal(compressed.WrittenCount, written);

                using var withLength = new PooledBufferWriter();
                Assert.Equal(size, codec.Decompress(compressed.WrittenMemory, withLength, size, Cap));
                Assert.Equal(original, withLength.ToArray());

                if (!codec.RequiresOriginalLength)
                {
                    using var withoutLength = new PooledBufferWriter(1);
                    Assert.Equal(size, codec.Decompress(compressed.WrittenMemory, withoutLength, originalLength: null, Cap));
                    Assert.Equal(original, withoutLength.ToArray());
                }
            }
        }
    }

    [Theory]
    [MemberData(nameof(CodecsAndLevels))]
    public void Compress_XmlOf64KB_IsMuchSmaller_ExceptNone(string name, CodecLevel level)
    {
        Assert.True(CodecRegistry.Default.TryGetByName(name, out var codec));
        var original = TestPayloads.Xml(64 * 1024);
        using var compressed = new PooledBufferWriter();
        codec.Compress(original, compressed, level);

        if (codec.Id == CodecId.None)
        {
            Assert.Equal(original.Length, compressed.WrittenCount);
        }
        else
        {
            Assert.True(compressed.WrittenCount < original.Length / 2, $"{name} {level}: {compressed.WrittenCount} of {original.Length}");
        }
    }

    [Fact]
    public void Compress_AppendsToWhatTheWriterHolds()
    {
        using var output = new PooledBufferWriter();
        output.Write<byte>([1, 2, 3]);
        var codec = new ZstdCodec();
        var original = TestPayloads.Xml(10_000);
        var written = codec.Compress(original, output, CodecLevel.Normal);

        Assert.Equal(3 + written, output.WrittenCount);
        Assert.Equal([1, 2, 3], output.WrittenSpan[..3].ToArray());
        using var decoded = new PooledBufferWriter();
        codec.Decompress(output.WrittenMemory[3..], decoded, original.Length, Cap);
        Assert.Equal(original, decoded.ToArray());
    }

    [Fact]
    public void Zstd_ConcurrentRoundTrips_DoNotShareAContext()
    {
        var codec = new ZstdCodec();
        Parallel.For(0, 64, new ParallelOptions { MaxDegreeOfParallelism = 8 }, i =>
        {
            var original = TestPayloads.Xml(20_000 + (i * 997), seed: i);
            var level = (CodecLevel)(i % 3);
            using var compressed = new PooledBufferWriter();
            codec.Compress(original, compressed, level);
            using var decoded = new PooledBufferWriter();
            codec.Decompress(compressed.WrittenMemory, decoded, original.Length, Cap);
            Assert.Equal(original, decoded.ToArray());
        });
    }
}
