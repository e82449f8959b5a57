using SoapRouter.Tests.Support;
using SoapRouter.Wire.Compression;

namespace SoapRouter.Tests.Wire.Compression;

public sealed class MachineCpuSamplerTests
{
    [Fact]
    public void Sample_IsBusyOverTotalTime_OfEveryCore_BetweenCalls()
    {
        var time = new FakeTimeProvider();
        // user nice system idle iowait irq softirq steal
        var stat = "cpu  100 0 100 800 0 0 0 0 0 0\ncpu0 50 0 50 400 0 0 0 0 0 0\n";
        var sampler = new MachineCpuSampler(time, () => stat);

        // +300 busy (user 200, system 50, softirq 50), +100 idle, +100 iowait: 300 of 500.
        stat = "cpu  300 0 150 900 100 0 50 0 0 0\n";
        time.Advance(TimeSpan.FromSeconds(1));
        Assert.Equal(0.6, sampler.Sample(), 6);

        // Too soon: the last value, and the counters are not consumed.
        stat = "cpu  400 0 150 900 100 0 50 0 0 0\n";
        time.Advance(TimeSpan.FromMilliseconds(10));
        Assert.Equal(0.6, sampler.Sample(), 6);

        time.Advance(TimeSpan.FromSeconds(1));
        Assert.Equal(1, sampler.Sample(), 6);
    }

    [Theory]
    [InlineData(null)]
    [InlineData("")]
    [InlineData("intr 1 2 3")]
    [InlineData("cpu  1 2 x 4")]
    [InlineData("cpu  1 2")]
    public void AnUnreadableStat_KeepsTheLastValue(string? unreadable)
    {
        var time = new FakeTimeProvider();
        var stat = "cpu  0 0 0 100 0 0 0 0";
        var sampler = new MachineCpuSampler(time, () => stat);
        stat = "cpu  50 0 0 150 0 0 0 0";
        time.Advance(TimeSpan.FromSeconds(1));
        Assert.Equal(0.5, sampler.Sample(), 6);

        stat = unreadable;
        time.Advance(TimeSpan.FromSeconds(1));
        Assert.Equal(0.5, sampler.Sample(), 6);
        Assert.False(MachineCpuSampler.TryParse(unreadable, out _));
    }

    [Fact]
    public void OnThisMachine_TheRealStatIsRead()
    {
        // The CI machines are Linux: the default source must really be the machine's.
        Assert.True(MachineCpuSampler.IsAvailable);
        Assert.IsType<MachineCpuSampler>(MachineCpuSampler.For(CpuSource.Machine));
        Assert.IsType<ProcessCpuSampler>(MachineCpuSampler.For(CpuSource.Process));
    }
}
