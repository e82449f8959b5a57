using SoapRouter.Configuration;
using SoapRouter.Routing;
using static SoapRouter.Tests.Routing.RouteConfigs;
using static SoapRouter.Tests.Routing.TestEnvelopes;

namespace SoapRouter.Tests.Routing;

public sealed class RouteTableTests
{
    private static RouteTable Build(params RouteConfig[] routes) => RouteTable.Build(new RouterConfig { Routes = routes });

    [Fact]
    public void Match_HigherLevel_WinsOverEarlierLowerLevelRoute()
    {
        var table = Build(
            Route("low-first", 0, Action("urn:orders/", FilterTypes.MatchPrefix)),
            Route("high-later", 10, Action("urn:orders/Submit")));
        using var message = WithAction("urn:orders/Submit");

        Assert.Equal("high-later", table.Match(message)?.Name);
    }

    [Fact]
    public void Match_HigherLevelWithoutMatch_FallsToLowerLevel()
    {
        var table = Build(
            Route("high", 10, Action("urn:billing/Pay")),
            Route("low", 0, Action("urn:orders/", FilterTypes.MatchPrefix)));
        using var message = WithAction("urn:orders/Submit");

        Assert.Equal("low", table.Match(message)?.Name);
    }

    [Fact]
    public void Match_SameLevel_FirstInConfigurationOrderWins()
    {
        var table = Build(
            Route("other", 5, Action("urn:billing/Pay")),
            Route("first", 5, Action("urn:orders/", FilterTypes.MatchPrefix)),
            Route("second", 5, Action("urn:orders/Submit")),
            Route("catch-all", 0, MatchAll()));
        using var message = WithAction("urn:orders/Submit");

        Assert.Equal("first", table.Match(message)?.Name);
        Assert.Equal(["other", "first", "second", "catch-all"], table.Routes.Select(r => r.Name));
    }

    [Fact]
    public void Match_NoRouteMatches_ReturnsNull()
    {
        var table = Build(Route("orders", 0, Action("urn:orders/Submit")));
        using var message = WithAction("urn:billing/Pay");

        Assert.Null(table.Match(message));
        Assert.Null(RouteTable.Empty.Match(message));
    }

    [Fact]
    public void Match_XPathRouteWhoseActionFails_DoesNotReadBody_BeforeCheapRouteMatches()
    {
        var table = Build(
            Route("by-content", 10, Action("urn:orders/Submit"), XPath("ord:Id = 42")),
            Route("by-action", 10, Action("urn:orders/Cancel")));
        using var message = WithAction("urn:orders/Cancel");

        Assert.Equal("by-action", table.Match(message)?.Name);
        Assert.False(message.IsBodyRead);
    }

    [Fact]
    public void Match_XPathDecides_BetweenRoutesWithSameAction()
    {
        var table = Build(
            Route("big-orders", 0, Action("urn:orders/Submit"), XPath("ord:Total > 100")),
            Route("small-orders", 0, Action("urn:orders/Submit")));
        using var small = WithAction("urn:orders/Submit");
        using var big = WithAction("urn:orders/Submit", $"<o:Order xmlns:o='{OrdersNs}'><o:Total>500</o:Total></o:Order>");

        Assert.Equal("small-orders", table.Match(small)?.Name);
        Assert.Equal("big-orders", table.Match(big)?.Name);
    }

    [Fact]
    public void Match_BodyBrokenAfterTheXPathAnswer_RoutesOnWhatWasRead()
    {
        // The documented rule: a streamed XPath decides on the well-formed part it read; the backend sees the rest.
        var table = Build(
            Route("vip", 10, XPath("/ord:Order/ord:Customer = 'vip'")),
            Route("rest", 0, MatchAll()));
        using var brokenAfter = WithAction("urn:a", $"<o:Order xmlns:o='{OrdersNs}'><o:Customer>vip</o:Customer><o:Lines><</o:Order>");
        using var brokenBefore = WithAction("urn:a", $"<o:Order xmlns:o='{OrdersNs}'><o:Lines><</o:Lines><o:Customer>vip</o:Customer></o:Order>");

        Assert.Equal("vip", table.Match(brokenAfter)?.Name);
        Assert.Equal("rest", table.Match(brokenBefore)?.Name);
    }

    [Fact]
    public void Build_InvalidFilter_Throws()
    {
        Assert.Throws<ArgumentException>(() => Build(Route("bad", 0, XPath("/ord:["))));
    }
}
