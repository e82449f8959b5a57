using SoapRouter.Routing;
using static SoapRouter.Tests.Routing.TestEnvelopes;

namespace SoapRouter.Tests.Routing;

public sealed class ActionFilterTests
{
    [Theory]
    [InlineData("urn:orders/Submit", false, true)]
    [InlineData("urn:orders/submit", false, false)]
    [InlineData("urn:orders/", false, false)]
    [InlineData("urn:orders/", true, true)]
    [InlineData("urn:ORDERS/", true, false)]
    [InlineData("urn:billing/", true, false)]
    public void Match_ComparesOrdinally(string configured, bool prefix, bool expected)
    {
        using var message = WithAction("urn:orders/Submit");

        Assert.Equal(expected, new ActionFilter(configured, prefix).Match(message));
    }

    [Fact]
    public void Match_MessageWithoutAction_DoesNotMatch()
    {
        using var message = Parse(SoapVersion.Soap11);

        Assert.False(new ActionFilter("", prefix: true).Match(message));
    }
}
