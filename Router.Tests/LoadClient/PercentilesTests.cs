using LoadClient.Reporting;

namespace SoapRouter.Tests.LoadClient;

public sealed class PercentilesTests
{
    private static readonly long[] OneToHundred = Enumerable.Range(1, 100).Select(i => (long)i).ToArray();

    [Theory]
    [InlineData(50, 50)]
    [InlineData(90, 90)]
    [InlineData(99, 99)]
    [InlineData(99.5, 100)]
    [InlineData(100, 100)]
    [InlineData(0.1, 1)]
    public void NearestRank_OneToHundred_IsTheRankItself(double percentile, long expected) =>
        Assert.Equal(expected, Percentiles.NearestRank(OneToHundred, percentile));

    [Fact]
    public void NearestRank_TenSamples_RoundsTheRankUp()
    {
        long[] sorted = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100];

        Assert.Equal(50, Percentiles.NearestRank(sorted, 50));
        Assert.Equal(90, Percentiles.NearestRank(sorted, 90));
        Assert.Equal(100, Percentiles.NearestRank(sorted, 91));
        Assert.Equal(100, Percentiles.NearestRank(sorted, 99));
    }

    [Fact]
    public void NearestRank_OneSample_IsThatSampleForEveryPercentile()
    {
        long[] sorted = [7];

        Assert.Equal(7, Percentiles.NearestRank(sorted, 1));
        Assert.Equal(7, Percentiles.NearestRank(sorted, 100));
    }

    [Fact]
    public void NearestRank_NoSamplesOrBadPercentile_Throws()
    {
        Assert.Throws<ArgumentException>(() => Percentiles.NearestRank([], 50));
        Assert.Throws<ArgumentOutOfRangeException>(() => Percentiles.NearestRank(OneToHundred, 0));
        Assert.Throws<ArgumentOutOfRangeException>(() => Percentiles.NearestRank(OneToHundred, 100.1));
    }

    [Fact]
    public void LatencySummary_UnsortedTicks_AreSortedAndConvertedToMilliseconds()
    {
        // 1000 ticks per second: one tick is one millisecond. Samples 1..100 shuffled.
        var ticks = OneToHundred.Reverse().ToArray();

        var summary = LatencySummary.From(ticks, ticksPerSecond: 1000);

        Assert.Equal(new LatencySummary(P50: 50, P90: 90, P99: 99, Max: 100, Mean: 50.5), summary);
    }

    [Fact]
    public void LatencySummary_TicksAtStopwatchFrequency_GivesMilliseconds()
    {
        long[] ticks = [2_000_000, 4_000_000];

        var summary = LatencySummary.From(ticks, ticksPerSecond: 1_000_000_000);

        Assert.Equal(2.0, summary.P50, 9);
        Assert.Equal(4.0, summary.Max, 9);
        Assert.Equal(3.0, summary.Mean, 9);
    }

    [Fact]
    public void LatencySummary_NoSamples_IsZero() =>
        Assert.Equal(new LatencySummary(0, 0, 0, 0, 0), LatencySummary.From([], 1000));
}
