using SoapRouter.Wire.Compression;

namespace SoapRouter.Tests.Wire.Compression;

public sealed class AdaptiveSelectorCpuTests
{
    private static readonly TimeSpan Second = TimeSpan.FromSeconds(1);

    // Brotli on a slow link: max pays best, so the level shows the governor's cap.
    private static PolicyFixture Create() => new(PolicyFixture.Adaptive(PolicyFixture.SlowLink, "brotli") with
    {
        CpuLimit = 0.7,
        CpuResume = 0.5,
        CpuSampleInterval = Second,
        CpuHold = TimeSpan.FromSeconds(5),
    });

    [Fact]
    public void AboveTheLimit_BacksOffOneLevelPerSample_DownToOff()
    {
        var policy = Create();
        Assert.Equal(CodecLevel.Max, policy.Choose(200_000).Level);

        policy.Cpu.Cpu = 0.9;
        policy.Time.Advance(Second);
        Assert.Equal(CodecLevel.Normal, policy.Choose(200_000).Level);

        // Within the same sample interval nothing changes, however many messages pass.
        Assert.Equal(CodecLevel.Normal, policy.Choose(200_000).Level);
        Assert.Equal(CodecLevel.Normal, policy.Choose(200_000).Level);

        policy.Time.Advance(Second);
        Assert.Equal(CodecLevel.Fast, policy.Choose(200_000).Level);

        policy.Time.Advance(Second);
        Assert.Equal(CompressionSkipReason.Cpu, policy.Choose(200_000).Reason);
        Assert.Equal(CpuLevelCap.Off, policy.Selector.GetState().CpuCap);
    }

    [Fact]
    public void BetweenResumeAndLimit_HoldsTheLevel_AndBelowResume_ComesBackOneLevelPerHold()
    {
        var policy = Create();
        policy.Cpu.Cpu = 0.9;
        for (var i = 0; i < 3; i++)
        {
            policy.Time.Advance(Second);
            policy.Choose(200_000);
        }

        Assert.Equal(CompressionSkipReason.Cpu, policy.Choose(200_000).Reason);

        // 0.6 is under the limit but over the resume threshold: no way back, however long.
        policy.Cpu.Cpu = 0.6;
        for (var i = 0; i < 20; i++)
        {
            policy.Time.Advance(Second);
            Assert.Equal(CompressionSkipReason.Cpu, policy.Choose(200_000).Reason);
        }

        // Below resume: the first sample starts the 5 s hold, the sixth (5 s later) steps up.
        policy.Cpu.Cpu = 0.3;
        for (var i = 0; i < 5; i++)
        {
            policy.Time.Advance(Second);
            Assert.Equal(CompressionSkipReason.Cpu, policy.Choose(200_000).Reason);
        }

        policy.Time.Advance(Second);
        Assert.Equal(CodecLevel.Fast, policy.Choose(200_000).Level);

        // The next step needs another full hold after this one.
        policy.Time.Advance(TimeSpan.FromSeconds(4));
        Assert.Equal(CodecLevel.Fast, policy.Choose(200_000).Level);
        policy.Time.Advance(Second);
        Assert.Equal(CodecLevel.Normal, policy.Choose(200_000).Level);
        policy.Time.Advance(TimeSpan.FromSeconds(5));
        Assert.Equal(CodecLevel.Max, policy.Choose(200_000).Level);
    }

    [Fact]
    public void ASpikeDuringTheHold_RestartsIt()
    {
        var policy = Create();
        policy.Cpu.Cpu = 0.9;
        policy.Time.Advance(Second);
        Assert.Equal(CodecLevel.Normal, policy.Choose(200_000).Level);

        policy.Cpu.Cpu = 0.3;
        policy.Time.Advance(TimeSpan.FromSeconds(3));
        policy.Choose(200_000);
        policy.Cpu.Cpu = 0.6;
        policy.Time.Advance(Second);
        policy.Choose(200_000);
        policy.Cpu.Cpu = 0.3;
        policy.Time.Advance(Second);
        policy.Choose(200_000);

        // 9 s since the step, but the quiet period began again only 4 s ago.
        policy.Time.Advance(TimeSpan.FromSeconds(4));
        Assert.Equal(CodecLevel.Normal, policy.Choose(200_000).Level);
        policy.Time.Advance(Second);
        Assert.Equal(CodecLevel.Max, policy.Choose(200_000).Level);
    }

    [Fact]
    public void TheCpuIsSampledAtMostOncePerInterval()
    {
        var policy = Create();
        for (var i = 0; i < 50; i++)
        {
            policy.Choose(200_000);
        }

        Assert.Equal(1, policy.Cpu.Samples);
        policy.Time.Advance(Second);
        policy.Choose(200_000);
        Assert.Equal(2, policy.Cpu.Samples);
    }

    [Fact]
    public void WhenTheCapIsBelowEveryLevelTheSizeAllows_TheReasonIsCpu()
    {
        var options = PolicyFixture.Adaptive(PolicyFixture.SlowLink, "brotli") with { FastThreshold = -1, NormalThreshold = -1, CpuSampleInterval = Second };
        var policy = new PolicyFixture(options);
        Assert.Equal(CodecLevel.Max, policy.Choose(200_000).Level);

        policy.Cpu.Cpu = 0.9;
        policy.Time.Advance(Second);

        Assert.Equal(CompressionSkipReason.Cpu, policy.Choose(200_000).Reason);
    }

    [Fact]
    public void ModeAlways_IgnoresTheCpu()
    {
        var policy = new PolicyFixture(PolicyFixture.Adaptive(PolicyFixture.SlowLink) with { Mode = LinkCompressionMode.Always });
        policy.Cpu.Cpu = 1;
        for (var i = 0; i < 5; i++)
        {
            policy.Time.Advance(Second);
            Assert.True(policy.Choose(200_000).ShouldCompress);
        }
    }
}
