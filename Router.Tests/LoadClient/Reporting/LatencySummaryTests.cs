using global::LoadClient.Driving;
using global::LoadClient.Latency;
using global::LoadClient.Reporting;

namespace SoapRouter.Tests.LoadClient.Reporting;

/// <summary>Latency percentiles from HdrHistogram: the values it reports are within its 0.1% precision of the exact ones.</summary>
public sealed class LatencySummaryTests
{
    [Fact]
    public void From_OneToThousandMilliseconds_GivesEachPercentileWithinPrecision()
    {
        var histogram = LatencyHistograms.Create();
        for (var ms = 1000; ms >= 1; ms--)
        {
            histogram.RecordValue(ms * 1000L);
        }

        var summary = LatencySummary.From(histogram);

        Assert.Equal(500, summary.P50, 0.5);
        Assert.Equal(900, summary.P90, 0.9);
        Assert.Equal(990, summary.P99, 1.0);
        Assert.Equal(999, summary.P999, 1.0);
        Assert.Equal(1000, summary.Max, 1.0);
        Assert.Equal(500.5, summary.Mean, 0.5);
    }

    [Fact]
    public void From_TenSlowRequestsInAThousand_ShowInP999AndMaxButNotP99()
    {
        var histogram = LatencyHistograms.Create();
        histogram.RecordValueWithCount(2_000, 990);
        histogram.RecordValueWithCount(5_000_000, 10);

        var summary = LatencySummary.From(histogram);

        Assert.Equal(2.0, summary.P50, 0.01);
        Assert.Equal(2.0, summary.P99, 0.01);
        Assert.Equal(5000, summary.P999, 5.0);
        Assert.Equal(5000, summary.Max, 5.0);
    }

    [Fact]
    public void From_NoSamples_IsZero() =>
        Assert.Equal(LatencySummary.Empty, LatencySummary.From(LatencyHistograms.Create()));

    [Fact]
    public void ToMicroseconds_ConvertsStopwatchTicks_AndKeepsWithinTheHistogramRange()
    {
        Assert.Equal(2_000, LatencyHistograms.ToMicroseconds(2_000_000, ticksPerSecond: 1_000_000_000));
        Assert.Equal(1, LatencyHistograms.ToMicroseconds(0, 1_000_000_000));
        Assert.Equal(LatencyHistograms.MaxMicroseconds, LatencyHistograms.ToMicroseconds(long.MaxValue / 2, 1_000_000_000));
    }

    [Fact]
    public void WorkerStats_Merged_AddsHistogramsAndCounts_AndSkipsCanceledRequests()
    {
        var first = new WorkerStats();
        var second = new WorkerStats();
        first.Record(new SendResult(RequestOutcome.Ok, 200, 10, 20), 1_000);
        first.Record(new SendResult(RequestOutcome.Canceled, 0, 0, 0), 9_000_000);
        second.Record(new SendResult(RequestOutcome.Fault, 500, 10, 30), 3_000, late: true);

        var total = new WorkerStats();
        total.Add(first);
        total.Add(second);

        Assert.Equal(2, total.Requests);
        Assert.Equal(2, total.Latency.TotalCount);
        Assert.Equal(1, total.LateStarts);
        Assert.Equal(3.0, LatencySummary.From(total.Latency).Max, 0.01);
        Assert.Equal(20, total.BytesSent);
        Assert.Equal(50, total.BytesReceived);
    }
}
