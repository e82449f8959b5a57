using SoapRouter.Tests.Support;
using SoapRouter.Wire.Compression;

namespace SoapRouter.Tests.Wire.Compression;

public sealed class CompressionStatisticsTests
{
    [Fact]
    public void ConcurrentSends_AreAllCounted()
    {
        var link = new CompressionLink(
            new CompressionOptions { BandwidthBytesPerSecond = PolicyFixture.SlowLink, Codecs = ["lz4"] }, cpu: new FakeCpuSampler(), time: new FakeTimeProvider());
        var big = TestPayloads.Xml(20_000);
        var small = new byte[100];

        Parallel.For(0, 400, new ParallelOptions { MaxDegreeOfParallelism = 4 }, i =>
        {
            using var output = new PooledBufferWriter();
            var message = i % 2 == 0 ? big : small;
            link.TryCompress(message, $"urn:action-{i % 3}", link.Accepts, output, out _);
        });

        var stats = link.GetStatistics();
        Assert.Equal(200, stats.Compressed);
        Assert.Equal(200, stats.Skipped["tooSmall"]);
        Assert.Equal(200, stats.CodecsChosen.Values.Sum());
        Assert.All(stats.CodecsChosen.Keys, key => Assert.StartsWith("lz4/", key, StringComparison.Ordinal));
        Assert.Equal(200L * big.Length, stats.OriginalBytes);
        Assert.Equal(stats.OriginalBytes - stats.CompressedBytes, stats.BytesSaved);
        Assert.Equal(3, stats.Ratios.Count);
        Assert.All(stats.Ratios, r => Assert.InRange(r.Ratio!.Value, 0.05, 0.7));
    }

    [Fact]
    public void Snapshot_WithoutAPolicy_HasCountersOnly()
    {
        var statistics = new CompressionStatistics();
        statistics.Skipped(CompressionSkipReason.WouldNotPay);
        statistics.Compressed(CodecId.Zstd, CodecLevel.Normal, 1000, 400, isProbe: true);

        var snapshot = statistics.Snapshot(CodecRegistry.Default, policy: null);

        Assert.Equal(1, snapshot.Skipped["wouldNotPay"]);
        Assert.Equal(1, snapshot.Probes);
        Assert.Equal(1, snapshot.CodecsChosen["zstd/normal"]);
        Assert.Equal(600, snapshot.BytesSaved);
        Assert.Null(snapshot.CpuCap);
        Assert.Empty(snapshot.Ratios);
    }
}
