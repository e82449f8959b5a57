using SoapRouter.Configuration;
using static SoapRouter.Tests.Configuration.TestConfigs;

namespace SoapRouter.Tests.Configuration;

/// <summary>Validation of retry, outlierDetection and healthCheck in a cluster.</summary>
public sealed class ClusterHealthValidationTests
{
    [Fact]
    public void Defaults_AreValid() =>
        Assert.Empty(Errors(WithCluster(Cluster(Destination("d1")) with { HealthCheck = new HealthCheckConfig() })));

    [Fact]
    public void Retry_OutOfRange_ReportsEachField()
    {
        var errors = Errors(WithCluster(Cluster(Destination("d1")) with
        {
            Retry = new RetryConfig { MaxAttempts = 0, BudgetPercent = 101, MinRetriesPerSecond = -1 },
        }));

        Assert.Equal(3, errors.Count);
        AssertHasError(errors, "clusters.echo.retry.maxAttempts", "must be from 1 to 10 (is 0)");
        AssertHasError(errors, "clusters.echo.retry.budgetPercent", "must be from 0 to 100 (is 101)");
        AssertHasError(errors, "clusters.echo.retry.minRetriesPerSecond", "must be from 0");
    }

    [Fact]
    public void AttemptTimeout_WithinRequestTimeout_IsValid_LongerOrZeroIsReported()
    {
        Assert.Empty(Errors(WithCluster(Cluster(Destination("d1")) with { AttemptTimeout = TimeSpan.FromSeconds(3) })));

        var longer = Errors(WithCluster(Cluster(Destination("d1")) with { RequestTimeout = TimeSpan.FromSeconds(10), AttemptTimeout = TimeSpan.FromSeconds(11) }));
        var zero = Errors(WithCluster(Cluster(Destination("d1")) with { AttemptTimeout = TimeSpan.Zero }));

        Assert.Single(longer);
        AssertHasError(longer, "clusters.echo.attemptTimeout", "must be at most requestTimeout (00:00:10)");
        Assert.Single(zero);
        AssertHasError(zero, "clusters.echo.attemptTimeout", "must be greater than 00:00:00");
    }

    [Fact]
    public void OutlierDetection_ConsecutiveFailuresAndLatency_OutOfRange_ReportsEachField()
    {
        var errors = Errors(WithCluster(Cluster(Destination("d1")) with
        {
            OutlierDetection = new OutlierDetectionConfig
            {
                ConsecutiveFailures = -1,
                Latency = new LatencyOutlierConfig { Factor = 1, Threshold = TimeSpan.Zero },
            },
        }));

        Assert.Equal(3, errors.Count);
        AssertHasError(errors, "clusters.echo.outlierDetection.consecutiveFailures", "must be from 0");
        AssertHasError(errors, "clusters.echo.outlierDetection.latency.factor", "must be more than 1 and at most 1000 (is 1)");
        AssertHasError(errors, "clusters.echo.outlierDetection.latency.threshold", "must be greater than 00:00:00");
    }

    [Fact]
    public void HealthCheck_ActionProbe_WellFormedBodyIsValid() =>
        Assert.Empty(Errors(WithCluster(Cluster(Destination("d1")) with
        {
            HealthCheck = new HealthCheckConfig { Action = "http://tempuri.org/IService/Ping", Body = "<Ping xmlns=\"http://tempuri.org/\"/>" },
        })));

    [Theory]
    [InlineData("http://tempuri.org/IService/Ping", "<Ping>", "clusters.echo.healthCheck.body", "must be well-formed XML elements")]
    [InlineData("http://tempuri.org/IService/Ping", "just text", "clusters.echo.healthCheck.body", "text outside an element")]
    [InlineData("not an action", null, "clusters.echo.healthCheck.action", "must be a SOAP action without spaces")]
    [InlineData(null, "<Ping/>", "clusters.echo.healthCheck.body", "is sent only with 'action'")]
    public void HealthCheck_ActionProbe_BadActionOrBody_IsReported(string? action, string? body, string path, string message)
    {
        var errors = Errors(WithCluster(Cluster(Destination("d1")) with { HealthCheck = new HealthCheckConfig { Action = action, Body = body } }));

        Assert.Single(errors);
        AssertHasError(errors, path, message);
    }

    [Fact]
    public void HealthCheck_UnknownNetTcpProbe_IsReportedWithTheValidOnes()
    {
        var errors = Errors(WithCluster(Cluster(Destination("d1")) with { HealthCheck = new HealthCheckConfig { NetTcpProbe = "ping" } }));

        Assert.Single(errors);
        AssertHasError(errors, "clusters.echo.healthCheck.netTcpProbe", "unknown probe 'ping'; valid probes: preamble, connect");
    }

    [Fact]
    public void HealthCheck_HealthyFaultsWithoutAnActionOrWithAPrefix_AreReported()
    {
        var errors = Errors(WithCluster(Cluster(Destination("d1")) with { HealthCheck = new HealthCheckConfig { HealthyFaults = ["a:ActionNotSupported", ""] } }));

        AssertHasError(errors, "clusters.echo.healthCheck.healthyFaults", "set the probe's SOAP action too");
        AssertHasError(errors, "clusters.echo.healthCheck.healthyFaults[0]", "without a prefix");
        AssertHasError(errors, "clusters.echo.healthCheck.healthyFaults[1]", "without a prefix");
    }

    [Fact]
    public void OutlierDetection_BadRatioWindowsAndOrder_ReportsEach()
    {
        var errors = Errors(WithCluster(Cluster(Destination("d1")) with
        {
            OutlierDetection = new OutlierDetectionConfig
            {
                FailureRatio = 0,
                MinimumThroughput = 1,
                SamplingDuration = TimeSpan.FromMilliseconds(100),
                BaseEjectionTime = TimeSpan.FromSeconds(30),
                MaxEjectionTime = TimeSpan.FromSeconds(10),
                MaxEjectionPercent = 150,
            },
        }));

        Assert.Equal(5, errors.Count);
        AssertHasError(errors, "clusters.echo.outlierDetection.failureRatio", "more than 0 and at most 1");
        AssertHasError(errors, "clusters.echo.outlierDetection.minimumThroughput", "from 2");
        AssertHasError(errors, "clusters.echo.outlierDetection.samplingDuration", "at least 00:00:00.5");
        AssertHasError(errors, "clusters.echo.outlierDetection.maxEjectionTime", "at least baseEjectionTime");
        AssertHasError(errors, "clusters.echo.outlierDetection.maxEjectionPercent", "from 0 to 100");
    }

    [Fact]
    public void HealthCheck_RelativePathAndZeroThresholds_AreReported()
    {
        var errors = Errors(WithCluster(Cluster(Destination("d1")) with
        {
            HealthCheck = new HealthCheckConfig { Path = "health", HealthyThreshold = 0, UnhealthyThreshold = 0, Timeout = TimeSpan.Zero },
        }));

        Assert.Equal(4, errors.Count);
        AssertHasError(errors, "clusters.echo.healthCheck.path", "must start with '/'");
        AssertHasError(errors, "clusters.echo.healthCheck.healthyThreshold", "from 1 to 100");
        AssertHasError(errors, "clusters.echo.healthCheck.unhealthyThreshold", "from 1 to 100");
        AssertHasError(errors, "clusters.echo.healthCheck.timeout", "greater than 00:00:00");
    }

    [Fact]
    public void UnknownPropertyInRetry_IsAStructuralError()
    {
        var json = """
            { "listeners": [ { "name": "l", "binding": "basicHttp", "address": "http://127.0.0.1:8080/x" } ],
              "routes": [ { "name": "r", "filters": [ { "type": "matchAll" } ], "cluster": "c" } ],
              "clusters": { "c": { "destinations": [ { "name": "d", "binding": "basicHttp", "address": "http://127.0.0.1:9080/basic" } ],
                                   "retry": { "maxAttempt": 2 } } } }
            """;

        var result = RouterConfigLoader.Parse(json);

        Assert.Contains(result.Errors, error => error.Contains("clusters.c.retry.maxAttempt", StringComparison.Ordinal));
    }
}
