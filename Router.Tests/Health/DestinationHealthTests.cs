using Microsoft.Extensions.Logging;
using SoapRouter.Configuration;
using SoapRouter.Health;
using SoapRouter.Tests.Support;

namespace SoapRouter.Tests.Health;

public sealed class DestinationHealthTests
{
    private readonly FakeTimeProvider _time = new();
    private readonly CapturingLogger<DestinationHealthTests> _logger = new();

    [Fact]
    public void Probes_UnhealthyAfterThresholdFailures_HealthyAfterThresholdPasses_EachTransitionLoggedOnce()
    {
        var health = new DestinationHealth("d", new OutlierDetectionConfig(), _time, _logger);

        health.ProbeFailed(3, "ConnectionRefused");
        health.ProbeFailed(3, "ConnectionRefused");
        Assert.True(health.IsAvailable);
        health.ProbeFailed(3, "ConnectionRefused");
        health.ProbeFailed(3, "ConnectionRefused");
        Assert.False(health.IsAvailable);
        Assert.Equal("unhealthy", health.State);

        health.ProbePassed(2);
        Assert.False(health.IsAvailable);
        health.ProbePassed(2);
        health.ProbePassed(2);

        Assert.True(health.IsAvailable);
        Assert.Equal("healthy", health.State);
        Assert.Single(_logger.Entries, entry => entry.Message.Contains("d unhealthy: 3 probes", StringComparison.Ordinal));
        Assert.Single(_logger.Entries, entry => entry.Message.Contains("d healthy again", StringComparison.Ordinal));
    }

    [Fact]
    public void AFailedProbe_ResetsThePassingRun()
    {
        var health = new DestinationHealth("d", new OutlierDetectionConfig(), _time, _logger);
        health.ProbeFailed(1, "timed out");

        health.ProbePassed(2);
        health.ProbeFailed(5, "timed out");
        health.ProbePassed(2);

        Assert.False(health.IsAvailable);
        health.ProbePassed(2);
        Assert.True(health.IsAvailable);
    }

    [Theory]
    [InlineData("http://10.0.0.5:9080/basic", "?wsdl", "http://10.0.0.5:9080/basic?wsdl")]
    [InlineData("http://10.0.0.5:9080/basic", "/health", "http://10.0.0.5:9080/health")]
    [InlineData("http://10.0.0.5:9080/basic?x=1", "/status?deep=1", "http://10.0.0.5:9080/status?deep=1")]
    public void ProbeUri_AbsolutePathOnTheHost_OrAQueryOnTheAddress(string address, string path, string expected) =>
        Assert.Equal(expected, HealthProber.ProbeUri(new Uri(address), path).AbsoluteUri);
}
