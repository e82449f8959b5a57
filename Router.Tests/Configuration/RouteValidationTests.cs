using SoapRouter.Configuration;
using static SoapRouter.Tests.Configuration.TestConfigs;

namespace SoapRouter.Tests.Configuration;

public sealed class RouteValidationTests
{
    [Fact]
    public void Validate_NoRoutes_ReportsMissingRoute()
    {
        var result = RouterConfigValidator.Validate(Valid() with { Routes = [] });

        var error = Assert.Single(result.Errors);
        Assert.StartsWith("routes: at least one route", error, StringComparison.Ordinal);
    }

    [Fact]
    public void Validate_DuplicateRouteName_ReportsIt() =>
        AssertSingleError(
            Valid() with { Routes = [Route("r", "echo", MatchAll()), Route("r", "echo", MatchAll())] },
            "routes[1].name", "duplicate route name 'r' (also routes[0])");

    [Fact]
    public void Validate_RouteWithoutName_ReportsRequired() =>
        AssertSingleError(Valid() with { Routes = [Route("", "echo", MatchAll())] }, "routes[0].name", "is required");

    [Fact]
    public void Validate_RouteWithoutFilters_ReportsMissingFilter() =>
        AssertSingleError(Valid() with { Routes = [Route("r", "echo")] }, "routes[0].filters", "at least one filter");

    [Fact]
    public void Validate_UnknownCluster_ListsDefinedClusters() =>
        AssertSingleError(
            Valid() with { Routes = [Route("r", "echo", MatchAll()), Route("s", "nowhere", MatchAll())] },
            "routes[1].cluster", "unknown cluster 'nowhere'; defined: echo");

    [Fact]
    public void Validate_EmptyIdempotentAction_ReportsIt() =>
        AssertSingleError(
            Valid() with { Routes = [Route("r", "echo", MatchAll()) with { IdempotentActions = ["*", ""] }] },
            "routes[0].idempotentActions[1]", "is required");

    [Fact]
    public void Validate_UnknownSessionsMode_NamesBothModes() =>
        AssertSingleError(
            Valid() with { Routes = [Route("r", "echo", MatchAll()) with { Sessions = "sticky" }] },
            "routes[0].sessions", "unknown value 'sticky'; use 'affinity'");

    [Theory]
    [InlineData(SessionModes.Affinity)]
    [InlineData(SessionModes.Multiplex)]
    public void Validate_KnownSessionsMode_IsAccepted(string mode) =>
        Assert.Empty(RouterConfigValidator.Validate(Valid() with { Routes = [Route("r", "echo", MatchAll()) with { Sessions = mode }] }).Errors);

    [Fact]
    public void Validate_DurableRouteWithSessionAffinity_IsRefused_ForItsMessagesAreDeliveredOnPooledSessions() =>
        AssertSingleError(
            Valid() with
            {
                Routes = [Route("r", "echo", MatchAll()) with { Sessions = SessionModes.Affinity, Delivery = new DeliveryConfig { Mode = DeliveryModes.Durable } }],
            },
            "routes[0].sessions", "a durable route cannot keep session affinity");

    [Theory]
    [InlineData(null)]
    [InlineData(SessionModes.Multiplex)]
    public void Validate_DurableRouteWithoutAffinity_IsAccepted(string? mode) =>
        Assert.Empty(RouterConfigValidator.Validate(Valid() with
        {
            Routes = [Route("r", "echo", MatchAll()) with { Sessions = mode, Delivery = new DeliveryConfig { Mode = DeliveryModes.Durable } }],
        }).Errors);

    [Fact]
    public void Validate_NonPositiveMaxSessionsPerDestination_ReportsIt()
    {
        var result = RouterConfigValidator.Validate(Valid() with { Limits = new LimitsConfig { NetTcp = new NetTcpLimitsConfig { MaxSessionsPerDestination = 0 } } });

        Assert.Contains(result.Errors, error => error.StartsWith("limits.netTcp.maxSessionsPerDestination", StringComparison.Ordinal));
    }
}
