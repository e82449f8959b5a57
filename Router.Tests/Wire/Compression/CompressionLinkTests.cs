using System.Buffers;
using System.Text.Json;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Compression;

namespace SoapRouter.Tests.Wire.Compression;

/// <summary>The link with the real codecs and the measured speed table, on a fake clock and CPU.</summary>
public sealed class CompressionLinkTests
{
    private const int Cap = 8 * 1024 * 1024;
    private static readonly JsonSerializerOptions Web = new(JsonSerializerDefaults.Web);
    private readonly FakeTimeProvider _time = new();
    private readonly FakeCpuSampler _cpu = new();

    private CompressionLink Create(CompressionOptions? options = null) =>
        new(options ?? new CompressionOptions { BandwidthBytesPerSecond = PolicyFixture.SlowLink }, cpu: _cpu, time: _time);

    [Fact]
    public void TryCompress_ACompressibleMessageOnASlowLink_IsSentCompressed_AndDecodesBack()
    {
        var link = Create();
        var message = TestPayloads.Xml(64 * 1024);
        using var output = new PooledBufferWriter();

        Assert.True(link.TryCompress(message, "urn:Echo", link.Accepts, output, out var outcome));

        Assert.True(outcome.IsCompressed);
        Assert.Equal(message.Length, outcome.OriginalLength);
        Assert.Equal(output.WrittenCount, outcome.CompressedLength);
        Assert.True(outcome.CompressedLength < message.Length / 2);
        using var decoded = new PooledBufferWriter();
        Assert.Equal(message.Length, link.Decompress(outcome.Codec!.Id, output.WrittenMemory, message.Length, Cap, decoded));
        Assert.Equal(message, decoded.ToArray());

        var stats = link.GetStatistics();
        Assert.Equal(1, stats.Compressed);
        Assert.Equal(1, stats.Decompressed);
        Assert.Equal(message.Length - outcome.CompressedLength, stats.BytesSaved);
        Assert.Equal(1, Assert.Single(stats.CodecsChosen).Value);
    }

    [Fact]
    public void TryCompressToNew_ACompressibleMessage_ComesInAWriterOfItsOwn()
    {
        var link = Create();
        var message = TestPayloads.Xml(64 * 1024);

        using var output = link.TryCompressToNew(message, "urn:Echo", link.Accepts, out var outcome);

        Assert.NotNull(output);
        Assert.True(outcome.IsCompressed);
        Assert.Equal(output.WrittenCount, outcome.CompressedLength);
        using var decoded = new PooledBufferWriter();
        Assert.Equal(message.Length, link.Decompress(outcome.Codec!.Id, output.WrittenMemory, message.Length, Cap, decoded));
        Assert.Equal(message, decoded.ToArray());
    }

    [Fact]
    public void TryCompressToNew_WhenTheCompressedCopyMeetsTheHeapLimit_TheMessageGoesPlain_CountedAsMemory()
    {
        var options = new CompressionOptions { BandwidthBytesPerSecond = PolicyFixture.SlowLink };
        var link = new CompressionLink(options, null, _cpu, _time, null, null, _ => throw HeapLimit.Met());
        var message = TestPayloads.Xml(64 * 1024);

        var output = link.TryCompressToNew(message, "urn:Echo", link.Accepts, out var outcome);

        Assert.Null(output);
        Assert.False(outcome.IsCompressed);
        Assert.Equal(CompressionSkipReason.Memory, outcome.Reason);
        Assert.Equal(message.Length, outcome.OriginalLength);
        var stats = link.GetStatistics();
        Assert.Equal(0, stats.Compressed);
        Assert.Equal(1, stats.Skipped["memory"]);
    }

    [Fact]
    public void TryCompress_RandomBytes_AreNeverSentLarger_AndThenSkippedForTheirRatio()
    {
        var link = Create();
        var message = TestPayloads.Random(64 * 1024);
        using var output = new PooledBufferWriter();
        output.Write<byte>([9, 9]);

        Assert.False(link.TryCompress(message, "urn:Random", link.Accepts, output, out var first));
        Assert.Equal(CompressionSkipReason.NotSmaller, first.Reason);
        Assert.Equal([9, 9], output.ToArray());

        // One sample says this pair does not shrink: nothing pays, and it is worse than the ratio limit.
        for (var i = 0; i < 3; i++)
        {
            Assert.False(link.TryCompress(message, "urn:Random", link.Accepts, output, out var next));
            Assert.Equal(CompressionSkipReason.PoorRatio, next.Reason);
        }

        var stats = link.GetStatistics();
        Assert.Equal(1, stats.Skipped["notSmaller"]);
        Assert.Equal(3, stats.Skipped["poorRatio"]);
        Assert.Equal(0, stats.Compressed);
        Assert.Contains(stats.Ratios, r => r.Action == "urn:Random" && r.Ratio >= 0.99);
    }

    [Fact]
    public void TryCompress_SkipsAreCountedByReason()
    {
        var link = Create();
        using var output = new PooledBufferWriter();

        link.TryCompress(new byte[100], "urn:A", link.Accepts, output, out var small);
        link.TryCompress(TestPayloads.Xml(10_000), "urn:A", CodecSet.IdentityOnly, output, out var peer);

        Assert.Equal(CompressionSkipReason.TooSmall, small.Reason);
        Assert.Equal(CompressionSkipReason.PeerCannot, peer.Reason);
        var skipped = link.GetStatistics().Skipped;
        Assert.Equal(1, skipped["tooSmall"]);
        Assert.Equal(1, skipped["peerCannot"]);
        Assert.Equal(0, skipped["cpu"]);
        Assert.Equal(0, output.WrittenCount);
    }

    [Fact]
    public void TryCompressFramed_WritesAPrefixThatLeadsBackToTheMessage()
    {
        var link = Create();
        var message = TestPayloads.Xml(32 * 1024);
        using var output = new PooledBufferWriter();

        Assert.True(link.TryCompressFramed(message, "urn:Echo", link.Accepts, output, out var outcome));

        Assert.Equal(output.WrittenCount, outcome.CompressedLength);
        Assert.Equal(CompressionPrefixStatus.Prefixed, CompressionPrefix.TryRead(output.WrittenSpan, out var header));
        Assert.Equal(outcome.Codec!.Id, header.Codec);
        Assert.Equal(message.Length, header.OriginalLength);
        using var decoded = new PooledBufferWriter();
        link.Decompress(header.Codec, output.WrittenMemory[header.PrefixLength..], header.OriginalLength, Cap, decoded);
        Assert.Equal(message, decoded.ToArray());
    }

    [Fact]
    public void TryCompressFramed_NotSmaller_LeavesNothingBehind()
    {
        var link = Create(new CompressionOptions { Mode = LinkCompressionMode.Always, Codecs = ["lz4"] });
        using var output = new PooledBufferWriter();

        Assert.False(link.TryCompressFramed(TestPayloads.Random(8 * 1024), null, link.Accepts, output, out var outcome));

        Assert.Equal(CompressionSkipReason.NotSmaller, outcome.Reason);
        Assert.Equal(0, output.WrittenCount);
    }

    [Theory]
    [InlineData(100, 99, 0, true)]
    [InlineData(100, 100, 0, false)]
    [InlineData(100, 95, 5, false)]
    [InlineData(100, 94, 5, true)]
    public void IsWorthSending_OnlyWhenStrictlySmaller_WithItsMarking(int original, int compressed, int overhead, bool expected)
    {
        Assert.Equal(expected, CompressionLink.IsWorthSending(original, compressed, overhead));
    }

    [Fact]
    public void Decompress_ABombAndCorruptData_AreRefusedAndCounted_AndTheLinkGoesOn()
    {
        var link = Create();
        using var bomb = new PooledBufferWriter();
        new ZstdCodec().Compress(new byte[4 * 1024 * 1024], bomb, CodecLevel.Fast);

        Assert.Throws<CompressionBombException>(() => link.Decompress(CodecId.Zstd, bomb.WrittenMemory, null, 1024 * 1024, new PooledBufferWriter()));
        Assert.Throws<CorruptCompressedDataException>(() => link.Decompress(CodecId.GZip, TestPayloads.Random(100), null, Cap, new PooledBufferWriter()));
        Assert.Throws<CorruptCompressedDataException>(() => link.Decompress((CodecId)40, new byte[10], null, Cap, new PooledBufferWriter()));

        var message = TestPayloads.Xml(20_000);
        using var good = new PooledBufferWriter();
        new GZipCodec().Compress(message, good, CodecLevel.Normal);
        using var decoded = new PooledBufferWriter();
        Assert.Equal(message.Length, link.Decompress(CodecId.GZip, good.WrittenMemory, message.Length, Cap, decoded));

        var stats = link.GetStatistics();
        Assert.Equal(1, stats.BombsRefused);
        Assert.Equal(2, stats.CorruptRefused);
        Assert.Equal(1, stats.Decompressed);
    }

    [Fact]
    public void AcceptEncodingHeader_AdvertisesTheConfiguredCodecsInOrder_OrIdentityWhenDisabled()
    {
        var link = Create(new CompressionOptions { Codecs = ["zstd", "brotli", "gzip"] });
        var off = Create(new CompressionOptions { Enabled = false });

        Assert.Equal("zstd, br, gzip", link.AcceptEncodingHeader);
        Assert.Equal(CodecSet.IdentityOnly.With(CodecId.Zstd).With(CodecId.Brotli).With(CodecId.GZip), link.Accepts);
        Assert.Equal("identity", off.AcceptEncodingHeader);
        Assert.Equal(CodecSet.IdentityOnly, off.Accepts);
    }

    [Fact]
    public void Statistics_SerializeToJson_WithTheReasonsAndTheCpuState()
    {
        var link = Create();
        using var output = new PooledBufferWriter();
        link.TryCompress(TestPayloads.Xml(64 * 1024), "urn:Echo", link.Accepts, output, out _);
        link.TryCompress(new byte[10], "urn:Echo", link.Accepts, output, out _);

        var json = JsonSerializer.Serialize(link.GetStatistics(), Web);

        using var document = JsonDocument.Parse(json);
        var root = document.RootElement;
        Assert.Equal(1, root.GetProperty("compressed").GetInt64());
        Assert.Equal(1, root.GetProperty("skipped").GetProperty("tooSmall").GetInt64());
        Assert.Equal("max", root.GetProperty("cpuCap").GetString());
        Assert.Equal(PolicyFixture.SlowLink, root.GetProperty("bandwidthBytesPerSecond").GetDouble());
        Assert.Equal("urn:Echo", root.GetProperty("ratios")[0].GetProperty("action").GetString());
        Assert.Equal("64K-128K", root.GetProperty("ratios")[0].GetProperty("sizeBucket").GetString());
    }

    [Fact]
    public void ACustomSelector_IsAskedAndTaught()
    {
        var selector = new RecordingSelector();
        var link = new CompressionLink(new CompressionOptions(), cpu: _cpu, time: _time, selector: selector);
        using var output = new PooledBufferWriter();

        Assert.True(link.TryCompress(TestPayloads.Xml(5_000), "urn:X", link.Accepts, output, out var outcome));
        link.RecordSend(outcome.CompressedLength, TimeSpan.FromMilliseconds(3));

        Assert.Equal(CodecId.Deflate, outcome.Codec!.Id);
        Assert.Equal("urn:X", selector.Sample.Action);
        Assert.Equal(5_000, selector.Sample.OriginalLength);
        Assert.Equal(outcome.CompressedLength, selector.SentBytes);
    }

    private sealed class RecordingSelector : ICompressionSelector
    {
        public CompressionSample Sample { get; private set; }

        public long SentBytes { get; private set; }

        public CompressionChoice Choose(in CompressionRequest request) => CompressionChoice.Use(CodecRegistry.Default[CodecId.Deflate], CodecLevel.Normal);

        public void OnCompressed(in CompressionSample sample) => Sample = sample;

        public void OnSent(long bytes, TimeSpan elapsed) => SentBytes = bytes;

        public void OnDecompressed(CodecId codec, int compressedLength, int originalLength, TimeSpan elapsed)
        {
        }
    }
}
