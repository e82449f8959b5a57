using SoapRouter.Configuration;
using SoapRouter.Routing;
using static SoapRouter.Tests.Routing.RouteConfigs;
using static SoapRouter.Tests.Routing.TestEnvelopes;

namespace SoapRouter.Tests.Routing;

public sealed class RouteTests
{
    [Fact]
    public void Matches_ActionFailsBeforeXPath_NeverReadsBody()
    {
        // The XPath filter is listed first on purpose: the route must still run the cheap filter first.
        var route = new Route(Route("r", 0, XPath("ord:Id = 42"), Action("urn:orders/Submit")));
        using var message = WithAction("urn:orders/Cancel");

        Assert.False(route.Matches(message));
        Assert.False(message.IsBodyRead);
        Assert.True(route.ReadsBody);
    }

    [Fact]
    public void Matches_ActionAndXPathBothMatch_Matches()
    {
        var route = new Route(Route("r", 0, XPath("ord:Id = 42"), Action("urn:orders/Submit")));
        using var message = WithAction("urn:orders/Submit");

        Assert.True(route.Matches(message));
        Assert.True(message.IsBodyRead);
    }

    [Fact]
    public void Matches_MatchAll_MatchesAnyMessageWithoutReadingBody()
    {
        var route = new Route(Route("all", 0, MatchAll()));
        using var message = Parse(SoapVersion.Soap11);

        Assert.True(route.Matches(message));
        Assert.False(message.IsBodyRead);
        Assert.False(route.ReadsBody);
    }

    [Fact]
    public void Matches_NoFilters_MatchesNothing()
    {
        var route = new Route(Route("empty", 0));
        using var message = Parse(SoapVersion.Soap11);

        Assert.False(route.Matches(message));
    }

    [Theory]
    [InlineData("urn:orders/Get", true)]
    [InlineData("urn:orders/Submit", false)]
    [InlineData(null, false)]
    public void IsIdempotent_ListedActions_AreIdempotent(string? action, bool expected)
    {
        var route = new Route(new RouteConfig { Name = "r", Filters = [MatchAll()], IdempotentActions = ["urn:orders/Get"] });

        Assert.Equal(expected, route.IsIdempotent(action));
    }

    [Theory]
    [InlineData("urn:anything")]
    [InlineData(null)]
    public void IsIdempotent_Star_MarksEveryAction(string? action)
    {
        var route = new Route(new RouteConfig { Name = "r", Filters = [MatchAll()], IdempotentActions = ["*"] });

        Assert.True(route.IsIdempotent(action));
    }
}
