using SoapRouter.Tests.Support;
using SoapRouter.Wire.Compression;

namespace SoapRouter.Tests.Wire.Compression;

public sealed class ProcessCpuSamplerTests
{
    [Fact]
    public void Sample_IsCpuTimeOverWallTimeAndCores_BetweenCalls()
    {
        var time = new FakeTimeProvider();
        var cpu = TimeSpan.Zero;
        var sampler = new ProcessCpuSampler(time, () => cpu, cores: 2);

        time.Advance(TimeSpan.FromSeconds(1));
        cpu += TimeSpan.FromSeconds(1);
        Assert.Equal(0.5, sampler.Sample(), 6);

        time.Advance(TimeSpan.FromSeconds(2));
        cpu += TimeSpan.FromSeconds(3.6);
        Assert.Equal(0.9, sampler.Sample(), 6);
    }

    [Fact]
    public void Sample_TooSoon_RepeatsTheLastValue_AndNeverLeavesZeroToOne()
    {
        var time = new FakeTimeProvider();
        var cpu = TimeSpan.Zero;
        var sampler = new ProcessCpuSampler(time, () => cpu, cores: 1);
        time.Advance(TimeSpan.FromSeconds(1));
        cpu += TimeSpan.FromSeconds(0.25);
        Assert.Equal(0.25, sampler.Sample(), 6);

        time.Advance(TimeSpan.FromMilliseconds(50));
        cpu += TimeSpan.FromSeconds(10);
        Assert.Equal(0.25, sampler.Sample(), 6);

        time.Advance(TimeSpan.FromMilliseconds(50));
        Assert.Equal(1, sampler.Sample());
    }
}
