using SoapRouter.Wire.Compression;

namespace SoapRouter.Tests.Wire.Compression;

/// <summary>
/// The "would pay" rule, with the fixture's speeds: lz4 500 MB/s in, 2000 out, ratio 0.5; brotli 20/10/5 MB/s in,
/// 200 out, ratios 0.2/0.15/0.1. For 100 KB: on 1.5 Mbit/s brotli max saves ~0.48 s for ~20 ms of CPU; on
/// 100 Mbit/s lz4 saves 4 ms for 0.25 ms while brotli fast costs 5.5 ms to save 6.4 ms and lz4 wins; on 10 Gbit/s
/// nothing saves more than it costs.
/// </summary>
public sealed class AdaptiveSelectorPayTests
{
    private const int Length = 100_000;

    [Fact]
    public void SlowLink_PaysForTheBestRatio()
    {
        var policy = new PolicyFixture(PolicyFixture.Adaptive(PolicyFixture.SlowLink, "lz4", "brotli"));

        var choice = policy.Choose(Length);

        Assert.Equal(CodecId.Brotli, choice.Codec!.Id);
        Assert.Equal(CodecLevel.Max, choice.Level);
    }

    [Fact]
    public void MediumLink_PaysForTheCheapCodec()
    {
        var policy = new PolicyFixture(PolicyFixture.Adaptive(PolicyFixture.MediumLink, "brotli", "lz4"));

        var choice = policy.Choose(Length);

        Assert.Equal(CodecId.Lz4, choice.Codec!.Id);
    }

    [Fact]
    public void FastLink_DoesNotPay()
    {
        var policy = new PolicyFixture(PolicyFixture.Adaptive(PolicyFixture.FastLink, "lz4", "brotli"));

        Assert.Equal(CompressionSkipReason.WouldNotPay, policy.Choose(Length).Reason);
    }

    [Fact]
    public void ASlowerMeasuredCodec_StopsPaying()
    {
        // 5 KB: only the fast level is allowed, and lz4 saves 0.2 ms on 100 Mbit/s.
        const int Small = 5_000;
        var policy = new PolicyFixture(PolicyFixture.Adaptive(PolicyFixture.MediumLink, "lz4"));
        Assert.True(policy.Choose(Small).ShouldCompress);

        // This machine turns out to compress lz4 at 10 MB/s: 0.5 ms to save 0.2 ms.
        for (var i = 0; i < 20; i++)
        {
            policy.Selector.OnCompressed(new CompressionSample("urn:Other", CodecId.Lz4, CodecLevel.Fast, Length, Length / 2, TimeSpan.FromMilliseconds(10), false));
        }

        Assert.Equal(CompressionSkipReason.WouldNotPay, policy.Choose(Small).Reason);
        Assert.InRange(policy.Performance.Get(CodecId.Lz4, CodecLevel.Fast).CompressMBps, 9, 11);
    }

    [Fact]
    public void TheBandwidthEstimate_FromSendTimings_DecidesWhenNoneIsConfigured()
    {
        var policy = new PolicyFixture(PolicyFixture.Adaptive(bandwidth: null, "lz4"));
        Assert.False(policy.Selector.GetState().BandwidthEstimated);
        Assert.Equal(12_500_000, policy.Selector.BandwidthBytesPerSecond);

        // 10 MB in 10 ms: 1 GB/s, where lz4's 0.25 ms buys 0.05 ms.
        for (var i = 0; i < 10; i++)
        {
            policy.Selector.OnSent(10_000_000, TimeSpan.FromMilliseconds(10));
        }

        Assert.True(policy.Selector.GetState().BandwidthEstimated);
        Assert.Equal(CompressionSkipReason.WouldNotPay, policy.Choose(Length).Reason);

        // The link slows to 150 KB/s.
        for (var i = 0; i < 80; i++)
        {
            policy.Selector.OnSent(150_000, TimeSpan.FromSeconds(1));
        }

        Assert.InRange(policy.Selector.BandwidthBytesPerSecond, 140_000, 160_000);
        Assert.True(policy.Choose(Length).ShouldCompress);
    }

    [Fact]
    public void SmallOrInstantSends_DoNotTeachTheBandwidth()
    {
        var policy = new PolicyFixture(PolicyFixture.Adaptive(bandwidth: null, "lz4"));

        policy.Selector.OnSent(2_000, TimeSpan.FromSeconds(1));
        policy.Selector.OnSent(100_000, TimeSpan.Zero);

        // 150 KB "sent" in 30 us: the bytes were buffered before the timing began (a request body Kestrel had already
        // taken in); such a sample would make every link look like 5 GB/s.
        policy.Selector.OnSent(150_000, TimeSpan.FromMicroseconds(30));

        Assert.Equal(0, policy.Selector.GetState().BandwidthSamples);
        Assert.Equal(12_500_000, policy.Selector.BandwidthBytesPerSecond);
    }

    [Fact]
    public void ArrivalsTimedFromTheFirstByte_TeachTheBandwidth_HoweverShort()
    {
        var policy = new PolicyFixture(PolicyFixture.Adaptive(bandwidth: null, "lz4"));

        // 150 KB arriving in 150 us on a fast LAN: a true 1 GB/s, where compressing does not pay.
        for (var i = 0; i < 5; i++)
        {
            policy.Selector.OnTransferTimed(150_000, TimeSpan.FromMicroseconds(150));
        }

        Assert.Equal(5, policy.Selector.GetState().BandwidthSamples);
        Assert.InRange(policy.Selector.BandwidthBytesPerSecond, 0.99e9, 1.01e9);
        Assert.Equal(CompressionSkipReason.WouldNotPay, policy.Choose(Length).Reason);

        // Small arrivals are latency, not bandwidth.
        policy.Selector.OnTransferTimed(2_000, TimeSpan.FromSeconds(1));
        Assert.Equal(5, policy.Selector.GetState().BandwidthSamples);
    }

    [Fact]
    public void OneTransferTimedFarTooShort_DoesNotSwingTheEstimate()
    {
        var policy = new PolicyFixture(PolicyFixture.Adaptive(bandwidth: null, "lz4"));
        for (var i = 0; i < 20; i++)
        {
            policy.Selector.OnTransferTimed(150_000, TimeSpan.FromSeconds(1));
        }

        // One body whose bytes were buffered before the timing began: 150 KB "in" 10 us, 15 GB/s. An average of rates
        // would jump to ~3 GB/s (0.2 x 15 GB/s); bytes over seconds stays near the link's 150 KB/s.
        policy.Selector.OnTransferTimed(150_000, TimeSpan.FromMicroseconds(10));

        Assert.InRange(policy.Selector.BandwidthBytesPerSecond, 150_000, 200_000);
        Assert.True(policy.Choose(Length).ShouldCompress);
    }

    [Fact]
    public void AConfiguredBandwidth_IsNotOverriddenBySends()
    {
        var policy = new PolicyFixture(PolicyFixture.Adaptive(PolicyFixture.SlowLink, "lz4"));

        policy.Selector.OnSent(1_000_000, TimeSpan.FromMilliseconds(1));

        Assert.Equal(PolicyFixture.SlowLink, policy.Selector.BandwidthBytesPerSecond);
        Assert.True(policy.Choose(Length).ShouldCompress);
    }

    [Fact]
    public void AnActionThatCompressesWorseThanUsual_ExpectsLessFromEveryCodec()
    {
        // On 100 Mbit/s lz4 pays at its usual 0.5; this action only reaches 0.95, which saves 0.4 ms for 0.25 ms
        // (still pays), and at 0.99 saves 0.08 ms (does not), without reaching the ratio limit of 1.
        var policy = new PolicyFixture(PolicyFixture.Adaptive(PolicyFixture.MediumLink, "lz4") with { RatioLimit = 1 });
        policy.Compressed(Length, 0.95);
        Assert.True(policy.Choose(Length).ShouldCompress);

        for (var i = 0; i < 20; i++)
        {
            policy.Compressed(Length, 0.995);
        }

        Assert.Equal(CompressionSkipReason.WouldNotPay, policy.Choose(Length).Reason);
        Assert.True(policy.Choose(Length, "urn:Other").ShouldCompress);
    }

    [Fact]
    public void APairThatDoesNotPayForItsOwnRatio_IsReprobed_AndComesBackWhenItsContentChanges()
    {
        var policy = new PolicyFixture(PolicyFixture.Adaptive(PolicyFixture.MediumLink, "lz4") with
        {
            RatioLimit = 1,
            ReprobeEvery = 5,
            ReprobeInterval = TimeSpan.Zero,
        });
        for (var i = 0; i < 20; i++)
        {
            policy.Compressed(Length, 0.995);
        }

        for (var i = 0; i < 4; i++)
        {
            Assert.Equal(CompressionSkipReason.WouldNotPay, policy.Choose(Length).Reason);
        }

        var probe = policy.Choose(Length);
        Assert.True(probe.IsProbe);
        policy.Compressed(Length, 0.3, isProbe: true);

        var next = policy.Choose(Length);
        Assert.True(next.ShouldCompress);
        Assert.False(next.IsProbe);
    }

    // One link, two clients: a reply is planned with the client's own bandwidth when the caller knows it.
    [Fact]
    public void PeerBandwidth_DecidesForThatPeer_TheLinksEstimateForOthers()
    {
        var policy = new PolicyFixture(PolicyFixture.Adaptive(bandwidth: null, "lz4", "brotli"));
        policy.Selector.OnRateMeasured(PolicyFixture.FastLink, applicationLimited: false);
        var all = CodecRegistry.Default.AllCodecs;

        var slowPeer = policy.Selector.Choose(new CompressionRequest("urn:Echo", Length, all, PolicyFixture.SlowLink));
        var fastPeer = policy.Selector.Choose(new CompressionRequest("urn:Echo", Length, all, PolicyFixture.FastLink));
        var unknownPeer = policy.Selector.Choose(new CompressionRequest("urn:Echo", Length, all));

        Assert.Equal(CodecId.Brotli, slowPeer.Codec!.Id);
        Assert.Equal(CompressionSkipReason.WouldNotPay, fastPeer.Reason);
        Assert.Equal(CompressionSkipReason.WouldNotPay, unknownPeer.Reason);
    }

    [Fact]
    public void ConfiguredBandwidth_WinsOverAPeersEstimate()
    {
        var policy = new PolicyFixture(PolicyFixture.Adaptive(PolicyFixture.FastLink, "lz4"));

        var choice = policy.Selector.Choose(new CompressionRequest("urn:Echo", Length, CodecRegistry.Default.AllCodecs, PolicyFixture.SlowLink));

        Assert.Equal(CompressionSkipReason.WouldNotPay, choice.Reason);
    }
}
