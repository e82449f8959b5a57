using SoapRouter.Telemetry;
using SoapRouter.Tests.Support;

namespace SoapRouter.Tests.Telemetry;

public sealed class IntervalCountTests
{
    [Fact]
    public void AFlood_IsReportedOncePerInterval_WithItsCount_AndAQuietIntervalNotAtAll()
    {
        var clock = new FakeTimeProvider();
        var reports = new List<(long Count, TimeSpan Interval)>();
        using var count = new IntervalCount(clock, TimeSpan.FromSeconds(10), (n, interval) => reports.Add((n, interval)));

        for (var i = 0; i < 500; i++)
        {
            count.Add();
        }

        clock.Advance(TimeSpan.FromSeconds(9));
        Assert.Empty(reports);
        clock.Advance(TimeSpan.FromSeconds(1));
        Assert.Equal([(500L, TimeSpan.FromSeconds(10))], reports);

        clock.Advance(TimeSpan.FromSeconds(60));
        Assert.Single(reports);

        count.Add();
        count.Add();
        clock.Advance(TimeSpan.FromSeconds(10));
        Assert.Equal(2, reports.Count);
        Assert.Equal(2, reports[1].Count);
    }

    [Fact]
    public void Add_IsTrueOnlyForTheFirstEventOfEachInterval()
    {
        var clock = new FakeTimeProvider();
        using var count = new IntervalCount(clock, IntervalCount.DefaultInterval, (_, _) => { });

        Assert.True(count.Add());
        Assert.False(count.Add());
        clock.Advance(IntervalCount.DefaultInterval);

        Assert.True(count.Add());
        Assert.False(count.Add());
    }

    [Fact]
    public void Dispose_StopsThePendingReport()
    {
        var clock = new FakeTimeProvider();
        var reported = 0L;
        var count = new IntervalCount(clock, TimeSpan.FromSeconds(1), (n, _) => reported += n);

        count.Add();
        count.Dispose();
        clock.Advance(TimeSpan.FromSeconds(5));

        Assert.Equal(0, reported);
    }
}
