using SoapRouter.Tests.Support;
using SoapRouter.Wire.Compression;

namespace SoapRouter.Tests.Wire.Compression;

/// <summary>
/// The policy with the speeds and ratios measured in LEVELS.md (the defaults every link starts from), on the seed
/// experiment's 150 KB messages and link speeds: a re-measured table that broke these decisions would show here.
/// </summary>
public sealed class MeasuredTableDecisionTests
{
    private const int Medium = 150 * 1024;

    private static CompressionChoice Choose(long bandwidth, int length = Medium) =>
        new AdaptiveCompressionSelector(new CompressionOptions { BandwidthBytesPerSecond = bandwidth }, cpu: new FakeCpuSampler(), time: new FakeTimeProvider())
            .Choose(new CompressionRequest("urn:Echo", length, CodecRegistry.Default.AllCodecs));

    [Fact]
    public void OnOnePointFiveMegabits_TheRatioWins_NotLz4()
    {
        var choice = Choose(187_500);

        Assert.True(choice.ShouldCompress);
        Assert.NotEqual(CodecId.Lz4, choice.Codec!.Id);
        Assert.InRange(CodecSpeedTable.Get(choice.Codec.Id, choice.Level).Ratio, 0, 0.39);
    }

    [Fact]
    public void OnOneHundredMegabits_ACheapLevelWins()
    {
        var choice = Choose(12_500_000);

        Assert.True(choice.ShouldCompress);
        Assert.True(CodecSpeedTable.Get(choice.Codec!.Id, choice.Level).CompressMBps > 200);
    }

    [Theory]
    [InlineData(1_250_000_000L)]
    [InlineData(5_000_000_000L)]
    public void OnTenGigabitsOrLoopback_NothingPays(long bandwidth)
    {
        Assert.Equal(CompressionSkipReason.WouldNotPay, Choose(bandwidth).Reason);
    }

    [Fact]
    public void ThePeersCodecsLimitTheChoice_AStockWcfPeerGetsGzipOrDeflate()
    {
        var selector = new AdaptiveCompressionSelector(
            new CompressionOptions { BandwidthBytesPerSecond = 187_500 }, cpu: new FakeCpuSampler(), time: new FakeTimeProvider());

        var choice = selector.Choose(new CompressionRequest("urn:Echo", Medium, CompressionHeaders.ParseAcceptEncoding("gzip, deflate", CodecRegistry.Default)));

        Assert.Contains(choice.Codec!.Id, new[] { CodecId.GZip, CodecId.Deflate });
    }
}
