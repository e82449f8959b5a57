using SoapRouter.Wire.Compression;

namespace SoapRouter.Tests.Wire.Compression;

/// <summary>The kernel's delivery rate as a bandwidth sample: preferred over timed transfers, floors only when higher.</summary>
public sealed class BandwidthEstimatorRateTests
{
    private static readonly CompressionOptions Options = new() { Smoothing = 0.5 };

    [Fact]
    public void DeliveryRate_WinsOverTimedTransfers()
    {
        var estimator = new BandwidthEstimator(Options);

        // A body timed as arriving slowly (say the reader waited for a core), then the kernel's rate.
        Assert.True(estimator.RecordTimed(100_000, TimeSpan.FromSeconds(1)));
        Assert.True(estimator.RecordRate(1_000_000_000, applicationLimited: false));

        Assert.Equal(1_000_000_000, estimator.BytesPerSecond);
        Assert.True(estimator.IsDeliveryRate);
        Assert.Equal(2, estimator.Samples);
    }

    [Fact]
    public void ApplicationLimitedRate_CountsOnlyWhenAboveTheEstimate()
    {
        var estimator = new BandwidthEstimator(Options);
        estimator.RecordRate(10_000_000, applicationLimited: false);

        // A few packets' rate is a floor: below the estimate it says nothing, above it the link is at least that fast.
        Assert.False(estimator.RecordRate(1_000_000, applicationLimited: true));
        Assert.Equal(10_000_000, estimator.BytesPerSecond);
        Assert.True(estimator.RecordRate(30_000_000, applicationLimited: true));
        Assert.Equal(20_000_000, estimator.BytesPerSecond);

        // A full-rate sample may lower it: the median of 10, 30 and 4 MB/s.
        Assert.True(estimator.RecordRate(4_000_000, applicationLimited: false));
        Assert.Equal(10_000_000, estimator.BytesPerSecond);
    }

    [Fact]
    public void ALinkThatSlowsDown_ShowsWithinThreeSamples_AndOneOddSampleMovesNothing()
    {
        var estimator = new BandwidthEstimator(Options);
        for (var i = 0; i < 10; i++)
        {
            estimator.RecordRate(1_000_000_000, applicationLimited: false);
        }

        estimator.RecordRate(1_000, applicationLimited: false);
        Assert.Equal(1_000_000_000, estimator.BytesPerSecond);

        estimator.RecordRate(187_500, applicationLimited: false);
        estimator.RecordRate(187_500, applicationLimited: false);
        Assert.Equal(187_500, estimator.BytesPerSecond);
    }

    [Theory]
    [InlineData(0)]
    [InlineData(-1)]
    [InlineData(double.NaN)]
    [InlineData(double.PositiveInfinity)]
    public void NoRate_TeachesNothing(double rate)
    {
        var estimator = new BandwidthEstimator(Options);

        Assert.False(estimator.RecordRate(rate, applicationLimited: false));
        Assert.Null(estimator.Measured);
        Assert.Equal(Options.AssumedBandwidthBytesPerSecond, estimator.BytesPerSecond);
    }

    [Fact]
    public void ConfiguredBandwidth_WinsOverEveryMeasurement()
    {
        var estimator = new BandwidthEstimator(Options with { BandwidthBytesPerSecond = 187_500 });

        estimator.RecordRate(1_000_000_000, applicationLimited: false);

        Assert.Equal(187_500, estimator.BytesPerSecond);
    }
}
