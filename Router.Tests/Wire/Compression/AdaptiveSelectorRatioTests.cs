using SoapRouter.Wire.Compression;

namespace SoapRouter.Tests.Wire.Compression;

public sealed class AdaptiveSelectorRatioTests
{
    private const int Length = 50_000;

    private static PolicyFixture Create(int reprobeEvery, TimeSpan reprobeInterval) =>
        new(PolicyFixture.Adaptive(PolicyFixture.SlowLink) with
        {
            RatioLimit = 0.7,
            RatioMinSamples = 3,
            ReprobeEvery = reprobeEvery,
            ReprobeInterval = reprobeInterval,
        });

    private static void SwitchOff(PolicyFixture policy, string action = "urn:Echo", int length = Length)
    {
        for (var i = 0; i < 3; i++)
        {
            Assert.True(policy.Choose(length, action).ShouldCompress);
            policy.Compressed(length, 0.95, action);
        }
    }

    [Fact]
    public void APoorRatio_SwitchesOffOnlyThatActionAndSizeBucket_AfterTheMinimumSamples()
    {
        var policy = Create(reprobeEvery: 1000, TimeSpan.Zero);
        policy.Choose(Length);
        policy.Compressed(Length, 0.95);
        policy.Compressed(Length, 0.95);
        Assert.True(policy.Choose(Length).ShouldCompress);

        policy.Compressed(Length, 0.95);

        Assert.Equal(CompressionSkipReason.PoorRatio, policy.Choose(Length).Reason);
        Assert.Equal(CompressionSkipReason.PoorRatio, policy.Choose(40_000).Reason);
        Assert.True(policy.Choose(Length, "urn:Other").ShouldCompress);
        Assert.True(policy.Choose(Length * 4).ShouldCompress);
        var cell = Assert.Single(policy.Selector.GetState().Ratios, r => r.Action == "urn:Echo" && r.SwitchedOff);
        Assert.Equal("32K-64K", cell.SizeBucket);
    }

    [Fact]
    public void AGoodAverage_KeepsCompressing_EvenAfterOneBadMessage()
    {
        var policy = Create(reprobeEvery: 1000, TimeSpan.Zero);
        for (var i = 0; i < 5; i++)
        {
            policy.Compressed(Length, 0.3);
        }

        policy.Compressed(Length, 0.99);

        Assert.True(policy.Choose(Length).ShouldCompress);
    }

    [Fact]
    public void ASwitchedOffPair_IsReprobedEveryNMessages_AndAGoodProbeSwitchesItBackOn()
    {
        var policy = Create(reprobeEvery: 5, TimeSpan.Zero);
        SwitchOff(policy);

        for (var i = 0; i < 4; i++)
        {
            Assert.Equal(CompressionSkipReason.PoorRatio, policy.Choose(Length).Reason);
        }

        var probe = policy.Choose(Length);
        Assert.True(probe.ShouldCompress);
        Assert.True(probe.IsProbe);

        // The content changed: the probe compresses well, and the pair is on again at once.
        policy.Compressed(Length, 0.2, isProbe: true);
        var next = policy.Choose(Length);
        Assert.True(next.ShouldCompress);
        Assert.False(next.IsProbe);
    }

    [Fact]
    public void ABadProbe_LeavesThePairOff_UntilTheNextProbe()
    {
        var policy = Create(reprobeEvery: 3, TimeSpan.Zero);
        SwitchOff(policy);
        policy.Choose(Length);
        policy.Choose(Length);
        Assert.True(policy.Choose(Length).IsProbe);

        policy.Compressed(Length, 0.97, isProbe: true);

        Assert.Equal(CompressionSkipReason.PoorRatio, policy.Choose(Length).Reason);
        Assert.Equal(CompressionSkipReason.PoorRatio, policy.Choose(Length).Reason);
        Assert.True(policy.Choose(Length).IsProbe);
    }

    [Fact]
    public void ASwitchedOffPair_IsReprobedAfterTheInterval()
    {
        var policy = Create(reprobeEvery: 0, TimeSpan.FromSeconds(30));
        SwitchOff(policy);

        policy.Time.Advance(TimeSpan.FromSeconds(29));
        Assert.Equal(CompressionSkipReason.PoorRatio, policy.Choose(Length).Reason);

        policy.Time.Advance(TimeSpan.FromSeconds(1));
        Assert.True(policy.Choose(Length).IsProbe);

        // One probe per interval: the messages right after it skip again.
        Assert.Equal(CompressionSkipReason.PoorRatio, policy.Choose(Length).Reason);
        policy.Time.Advance(TimeSpan.FromSeconds(30));
        Assert.True(policy.Choose(Length).IsProbe);
    }

    [Fact]
    public void MessagesWithoutAnAction_ShareOneCell()
    {
        var policy = Create(reprobeEvery: 1000, TimeSpan.Zero);
        SwitchOff(policy, action: null!);

        Assert.Equal(CompressionSkipReason.PoorRatio, policy.Choose(Length, action: null).Reason);
        Assert.True(policy.Choose(Length, "urn:Echo").ShouldCompress);
    }

    [Fact]
    public void RatioLimitOne_NeverSwitchesOff()
    {
        var policy = new PolicyFixture(PolicyFixture.Adaptive(PolicyFixture.SlowLink) with { RatioLimit = 1 });
        for (var i = 0; i < 10; i++)
        {
            policy.Compressed(Length, 0.99);
        }

        Assert.True(policy.Choose(Length).ShouldCompress);
    }
}
