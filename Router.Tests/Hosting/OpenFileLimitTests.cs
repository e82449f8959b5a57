using Microsoft.Extensions.Logging;
using SoapRouter.Configuration;
using SoapRouter.Hosting;
using SoapRouter.Tests.Support;

namespace SoapRouter.Tests.Hosting;

public sealed class OpenFileLimitTests
{
    [Fact]
    public void Needed_AddsEveryEndpointsConnections_NetTcp_Backends_TheReserveAndHeadroom()
    {
        var limits = new LimitsConfig
        {
            MaxConnections = 100, MaxConcurrentRequests = 50, FileDescriptorReserve = 20, NetTcp = new NetTcpLimitsConfig { MaxConnections = 30 },
        };

        Assert.Equal((2 * 100) + 30 + 50 + 20 + OpenFileLimit.Headroom, OpenFileLimit.Needed(limits, httpEndpoints: 2, hasNetTcp: true));
        Assert.Equal(100 + 50 + 20 + OpenFileLimit.Headroom, OpenFileLimit.Needed(limits, httpEndpoints: 1, hasNetTcp: false));
    }

    [Fact]
    public void SoftBelowHard_IsRaisedToHard_AndLogged()
    {
        var limits = new FakeOpenFiles(soft: 1024, hard: 524288);
        var log = new CapturingLogger<OpenFileLimitTests>();

        var result = OpenFileLimit.Check(limits, needed: 11_768, log);

        Assert.Equal(524288UL, result);
        Assert.Equal(524288UL, limits.Soft);
        var entry = Assert.Single(log.Entries);
        Assert.Equal(LogLevel.Information, entry.Level);
        Assert.Contains("raised from 1024 to 524288", entry.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void HardLimitBelowNeeds_WarnsAndDoesNotThrow()
    {
        var limits = new FakeOpenFiles(soft: 1024, hard: 4096);
        var log = new CapturingLogger<OpenFileLimitTests>();

        var result = OpenFileLimit.Check(limits, needed: 11_768, log);

        Assert.Equal(4096UL, result);
        var warning = Assert.Single(log.Entries, entry => entry.Level == LogLevel.Warning);
        Assert.Contains("Open-file limit 4096 is below the 11768 the limits need", warning.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void RaiseRefused_WarnsWithTheLimitInForce()
    {
        var limits = new FakeOpenFiles(soft: 1024, hard: 65536) { RefuseSet = true };
        var log = new CapturingLogger<OpenFileLimitTests>();

        var result = OpenFileLimit.Check(limits, needed: 2000, log);

        Assert.Equal(1024UL, result);
        Assert.Equal(2, log.Entries.Count(entry => entry.Level == LogLevel.Warning));
    }

    [Fact]
    public void UnreadableLimits_NothingHappens() =>
        Assert.Null(OpenFileLimit.Check(new FakeOpenFiles(0, 0) { Unreadable = true }, 100, new CapturingLogger<OpenFileLimitTests>()));

    [LinuxFact]
    public void Linux_ReadsTheRealLimit()
    {
        Assert.True(new LinuxOpenFileLimits().TryGet(out var soft, out var hard));
        Assert.InRange(soft, 1UL, hard);
    }
}
