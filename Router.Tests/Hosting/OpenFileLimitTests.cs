using Microsoft.Extensions.Logging;
using SoapRouter.Configuration;
using SoapRouter.Hosting;
using SoapRouter.Tests.Support;

namespace SoapRouter.Tests.Hosting;

public sealed class OpenFileLimitTests
{
    [Fact]
    public void Needed_AddsEveryEndpointsConnections_NetTcp_BackendsAndHeadroom()
    {
        var limits = new LimitsConfig { MaxConnections = 100, MaxConcurrentRequests = 50, NetTcp = new NetTcpLimitsConfig { MaxConnections = 30 } };

        Assert.Equal((2 * 100) + 30 + 50 + OpenFileLimit.Headroom, OpenFileLimit.Needed(limits, httpEndpoints: 2, hasNetTcp: true));
        Assert.Equal(100 + 50 + OpenFileLimit.Headroom, OpenFileLimit.Needed(limits, httpEndpoints: 1, hasNetTcp: false));
    }

    [Fact]
    public void SoftBelowHard_IsRaisedToHard_AndLogged()
    {
        var limits = new FakeLimits(soft: 1024, hard: 524288);
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
        var limits = new FakeLimits(soft: 1024, hard: 4096);
        var log = new CapturingLogger<OpenFileLimitTests>();

        var result = OpenFileLimit.Check(limits, needed: 11_768, log);

        Assert.Equal(4096UL, result);
        var warning = Assert.Single(log.Entries, entry => entry.Level == LogLevel.Warning);
        Assert.Contains("Open-file limit 4096 is below the 11768 the limits need", warning.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void RaiseRefused_WarnsWithTheLimitInForce()
    {
        var limits = new FakeLimits(soft: 1024, hard: 65536) { RefuseSet = true };
        var log = new CapturingLogger<OpenFileLimitTests>();

        var result = OpenFileLimit.Check(limits, needed: 2000, log);

        Assert.Equal(1024UL, result);
        Assert.Equal(2, log.Entries.Count(entry => entry.Level == LogLevel.Warning));
    }

    [Fact]
    public void UnreadableLimits_NothingHappens() =>
        Assert.Null(OpenFileLimit.Check(new FakeLimits(0, 0) { Unreadable = true }, 100, new CapturingLogger<OpenFileLimitTests>()));

    [LinuxFact]
    public void Linux_ReadsTheRealLimit()
    {
        Assert.True(new LinuxOpenFileLimits().TryGet(out var soft, out var hard));
        Assert.InRange(soft, 1UL, hard);
    }

    private sealed class FakeLimits(ulong soft, ulong hard) : IOpenFileLimits
    {
        public ulong Soft { get; private set; } = soft;

        public bool RefuseSet { get; init; }

        public bool Unreadable { get; init; }

        public bool TryGet(out ulong current, out ulong maximum)
        {
            current = Soft;
            maximum = hard;
            return !Unreadable;
        }

        public bool TryCountOpen(out int open)
        {
            open = 0;
            return false;
        }

        public bool TrySetSoft(ulong value, ulong maximum)
        {
            if (RefuseSet || value > hard)
            {
                return false;
            }

            Soft = value;
            return true;
        }
    }
}
