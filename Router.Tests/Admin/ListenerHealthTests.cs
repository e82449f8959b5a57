using Microsoft.Extensions.Logging.Abstractions;
using SoapRouter.Admin;
using SoapRouter.Listening.Connections;
using SoapRouter.Telemetry;
using SoapRouter.Tests.Support;

namespace SoapRouter.Tests.Admin;

public sealed class ListenerHealthTests
{
    private readonly FakeTimeProvider _clock = new();
    private readonly RouterStatistics _statistics = new();

    public ListenerHealthTests() => _clock.Advance(TimeSpan.FromMinutes(1));

    [Fact]
    public void AcceptFailing_UnhealthyOnlyAfterTheGrace_AndOkAgainOnceAnAcceptWorks()
    {
        var health = new ListenerHealth(_statistics, _clock);
        var connections = _statistics.Connections("basic", 10);

        // One retry every half second, as the accept loop does.
        connections.AcceptFailed(_clock.GetTimestamp());
        Assert.Equal(HealthStatus.Ok, health.GetStatus());
        for (var i = 0; i < 10; i++)
        {
            _clock.Advance(TimeSpan.FromMilliseconds(500));
            connections.AcceptFailed(_clock.GetTimestamp());
        }

        Assert.Equal(HealthStatus.Unhealthy, health.GetStatus());

        connections.AcceptSucceeded();
        Assert.Equal(HealthStatus.Ok, health.GetStatus());
    }

    [Fact]
    public void OneOldAcceptFailure_WithNothingSince_IsNotUnhealthy()
    {
        var health = new ListenerHealth(_statistics, _clock);
        _statistics.Connections("basic", 10).AcceptFailed(_clock.GetTimestamp());

        _clock.Advance(TimeSpan.FromSeconds(30));

        Assert.Equal(HealthStatus.Ok, health.GetStatus());
    }

    [Fact]
    public void RefusalAtTheLimit_DegradedForTheWindow()
    {
        var health = new ListenerHealth(_statistics, _clock);
        var connections = _statistics.Connections("basic", 1);
        Assert.True(connections.TryOpen());
        Assert.False(connections.TryOpen());
        connections.Rejected(_clock.GetTimestamp());

        Assert.Equal(HealthStatus.Degraded, health.GetStatus());
        _clock.Advance(ListenerHealth.RefusalWindow);
        Assert.Equal(HealthStatus.Ok, health.GetStatus());
    }

    [Fact]
    public void AcceptLoopWaitingForTheDescriptorReserve_DegradedWithWhichListenersAndHowManyAreFree()
    {
        using var reserve = new DescriptorReserve(new FakeOpenFiles(1024, 1024) { Open = 1000 }, 64, () => 0, _clock, NullLogger<DescriptorReserve>.Instance);
        var health = new ListenerHealth(_statistics, _clock, reserve);
        var http = _statistics.Connections("basic,soap12", 10);
        var netTcp = _statistics.Connections("tcp", int.MaxValue);
        var reasons = new List<string>();

        http.ReserveWaitStarted();
        netTcp.ReserveWaitStarted();

        Assert.Equal(HealthStatus.Degraded, health.GetStatus(reasons));
        Assert.Equal("listeners basic,soap12; tcp stopped accepting: 24 of 1024 file descriptors free, limits.fileDescriptorReserve is 64", Assert.Single(reasons));

        http.ReserveWaitEnded();
        netTcp.ReserveWaitEnded();
        reasons.Clear();
        Assert.Equal(HealthStatus.Ok, health.GetStatus(reasons));
        Assert.Empty(reasons);
    }

    [Fact]
    public void MemoryOverTheHighWatermark_IsDegraded_WithTheFiguresAsTheReason()
    {
        var resident = 100L << 20;
        using var memory = new SoapRouter.Listening.MemoryPressure(
            0.85, 0.75, () => new SoapRouter.Listening.MemoryReading(10L << 20, 150L << 20, resident, 256L << 20), () => { }, _clock, NullLogger.Instance);
        var health = new ListenerHealth(_statistics, _clock, memory: memory);
        Assert.Equal(HealthStatus.Ok, health.GetStatus());

        resident = 230L << 20;
        _clock.Advance(SoapRouter.Listening.MemoryPressure.SampleInterval);
        var reasons = new List<string>();

        Assert.Equal(HealthStatus.Degraded, health.GetStatus(reasons));
        var reason = Assert.Single(reasons);
        Assert.StartsWith("new messages held back: memory at 90% (resident 230 MB of the container's 256 MB", reason, StringComparison.Ordinal);
    }
}
