using SoapRouter.Configuration;
using static SoapRouter.Tests.Configuration.TestConfigs;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.Configuration;

public sealed class ClusterValidationTests
{
    [Fact]
    public void Validate_NoClusters_ReportsMissingClusterAndTheRouteThatNeedsOne()
    {
        var errors = Errors(Valid() with { Clusters = new Dictionary<string, ClusterConfig>() });

        Assert.Equal(2, errors.Count);
        AssertHasError(errors, "clusters", "at least one cluster");
        AssertHasError(errors, "routes[0].cluster", "none are defined");
    }

    [Fact]
    public void Validate_ClusterWithoutDestinations_ReportsIt() =>
        AssertSingleError(WithCluster(Cluster()), "clusters.echo.destinations", "at least one destination");

    [Fact]
    public void Validate_DuplicateDestinationAcrossClustersAndBackups_ReportsEachRepeat()
    {
        var config = Valid() with
        {
            Routes = [Route("a", "echo", Action("urn:a")), Route("b", "orders", MatchAll())],
            Clusters = new Dictionary<string, ClusterConfig>
            {
                ["echo"] = Cluster(Destination("d1")),
                ["orders"] = Cluster(Destination("d1")) with { Backups = [Destination("d1")] },
            },
        };

        var errors = Errors(config);

        Assert.Equal(2, errors.Count);
        AssertHasError(errors, "clusters.orders.destinations[0].name", "duplicate destination name 'd1' (also clusters.echo.destinations[0])");
        AssertHasError(errors, "clusters.orders.backups[0].name", "duplicate destination name 'd1'");
    }

    [Fact]
    public void Validate_DestinationUnknownBinding_ReportsIt() =>
        AssertSingleError(WithCluster(Cluster(Destination("d", "wsHttp"))), "clusters.echo.destinations[0].binding", "unknown binding 'wsHttp'");

    [Fact]
    public void Validate_DestinationSchemeNotFittingBinding_ReportsIt() =>
        AssertSingleError(
            WithCluster(Cluster(Destination("d", WireBindingNames.NetTcp, "http://127.0.0.1:9080/basic"))),
            "clusters.echo.destinations[0].address", "needs net.tcp");

    [Fact]
    public void Validate_BackupWithBadAddress_ReportsIt() =>
        AssertSingleError(
            WithCluster(Cluster(Destination("d")) with { Backups = [Destination("b", address: "not a uri")] }),
            "clusters.echo.backups[0].address", "is not an absolute URI");

    [Fact]
    public void Validate_UnknownLoadBalancingPolicy_ListsValidPolicies() =>
        AssertSingleError(
            WithCluster(Cluster(Destination("d")) with { LoadBalancing = "random" }),
            "clusters.echo.loadBalancing", "unknown load-balancing policy 'random'; valid policies: roundRobin, powerOfTwoChoices");

    [Fact]
    public void Validate_NonPositiveTimeouts_ReportsEach()
    {
        var errors = Errors(WithCluster(Cluster(Destination("d")) with { ConnectTimeout = TimeSpan.Zero, RequestTimeout = TimeSpan.FromSeconds(-1) }));

        Assert.Equal(2, errors.Count);
        AssertHasError(errors, "clusters.echo.connectTimeout", "must be greater than 00:00:00");
        AssertHasError(errors, "clusters.echo.requestTimeout", "must be greater than 00:00:00");
    }

    [Fact]
    public void Validate_TimeoutsBeyondADay_ReportsEach()
    {
        // 60 days would make every forward throw when the attempt timer is created.
        var errors = Errors(WithCluster(Cluster(Destination("d")) with { ConnectTimeout = TimeSpan.FromDays(2), RequestTimeout = TimeSpan.FromDays(60) }));

        Assert.Equal(2, errors.Count);
        AssertHasError(errors, "clusters.echo.connectTimeout", "must be at most 1.00:00:00");
        AssertHasError(errors, "clusters.echo.requestTimeout", "must be at most 1.00:00:00");
    }

    [Fact]
    public void Validate_ClusterNoRouteUses_IsAWarningNotAnError()
    {
        var config = Valid() with
        {
            Clusters = new Dictionary<string, ClusterConfig>
            {
                ["echo"] = Cluster(Destination("d1")),
                ["spare"] = Cluster(Destination("d2")),
            },
        };

        var result = RouterConfigValidator.Validate(config);

        Assert.Empty(result.Errors);
        Assert.Equal("clusters.spare: no route uses this cluster", Assert.Single(result.Warnings));
    }

    [Fact]
    public void Validate_ClusterNameWithSpaces_IsQuotedInPath()
    {
        var config = Valid() with
        {
            Routes = [Route("r", "my echo", MatchAll())],
            Clusters = new Dictionary<string, ClusterConfig> { ["my echo"] = Cluster() },
        };

        AssertSingleError(config, "clusters['my echo'].destinations", "at least one destination");
    }
}
