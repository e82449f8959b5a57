using SoapRouter.Wire.Compression;

namespace SoapRouter.Tests.Wire.Compression;

public sealed class AdaptiveSelectorSizeTests
{
    [Theory]
    [InlineData(false, LinkCompressionMode.Adaptive)]
    [InlineData(true, LinkCompressionMode.None)]
    public void DisabledOrModeNone_NeverCompresses(bool enabled, LinkCompressionMode mode)
    {
        var policy = new PolicyFixture(PolicyFixture.Adaptive(PolicyFixture.SlowLink) with { Enabled = enabled, Mode = mode });

        Assert.Equal(CompressionSkipReason.Disabled, policy.Choose(500_000).Reason);
    }

    [Theory]
    [InlineData(999, null)]
    [InlineData(1000, CodecLevel.Fast)]
    [InlineData(9_999, CodecLevel.Fast)]
    [InlineData(10_000, CodecLevel.Normal)]
    [InlineData(99_999, CodecLevel.Normal)]
    [InlineData(100_000, CodecLevel.Max)]
    public void ModeAlways_LevelFollowsTheSizeThresholds(int length, CodecLevel? expected)
    {
        var policy = new PolicyFixture(PolicyFixture.Adaptive(PolicyFixture.FastLink) with { Mode = LinkCompressionMode.Always });

        var choice = policy.Choose(length);

        if (expected is null)
        {
            Assert.Equal(CompressionSkipReason.TooSmall, choice.Reason);
        }
        else
        {
            // Always compresses even where it cannot pay (a 10 Gbit/s link), as the seed's static compression did.
            Assert.True(choice.ShouldCompress);
            Assert.Equal(expected, choice.Level);
            Assert.Equal(CodecId.Lz4, choice.Codec!.Id);
        }
    }

    [Fact]
    public void MinusOne_DisablesALevel_SoTheNextLowerEnabledOneIsUsed()
    {
        var options = PolicyFixture.Adaptive(PolicyFixture.FastLink) with { Mode = LinkCompressionMode.Always, NormalThreshold = -1 };
        var policy = new PolicyFixture(options);

        Assert.Equal(CodecLevel.Fast, policy.Choose(50_000).Level);
        Assert.Equal(CodecLevel.Max, policy.Choose(100_000).Level);
    }

    [Fact]
    public void EveryLevelDisabled_OrBelowTheFirstEnabledThreshold_IsTooSmall()
    {
        var noFast = PolicyFixture.Adaptive(PolicyFixture.SlowLink) with { FastThreshold = -1 };
        var policy = new PolicyFixture(noFast);

        Assert.Equal(CompressionSkipReason.TooSmall, policy.Choose(5_000).Reason);
        Assert.True(policy.Choose(10_000).ShouldCompress);
    }

    [Fact]
    public void MinSize_AboveTheFastThreshold_Wins()
    {
        var policy = new PolicyFixture(PolicyFixture.Adaptive(PolicyFixture.SlowLink) with { MinSize = 20_000 });

        Assert.Equal(CompressionSkipReason.TooSmall, policy.Choose(15_000).Reason);
        Assert.True(policy.Choose(20_000).ShouldCompress);
    }

    [Fact]
    public void APeerThatAcceptsNoneOfOurCodecs_GetsPlain_AndOneThatAcceptsOne_GetsThatOne()
    {
        var policy = new PolicyFixture(PolicyFixture.Adaptive(PolicyFixture.SlowLink, "lz4", "gzip"));

        Assert.Equal(CompressionSkipReason.PeerCannot, policy.Choose(50_000, accepts: CodecSet.IdentityOnly).Reason);
        Assert.Equal(CompressionSkipReason.PeerCannot, policy.Choose(50_000, accepts: CodecSet.IdentityOnly.With(CodecId.Zstd)).Reason);
        Assert.Equal(CodecId.GZip, policy.Choose(50_000, accepts: CodecSet.IdentityOnly.With(CodecId.GZip)).Codec!.Id);
    }
}
