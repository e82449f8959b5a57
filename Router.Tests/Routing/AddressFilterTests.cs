using SoapRouter.Routing;
using static SoapRouter.Tests.Routing.TestEnvelopes;

namespace SoapRouter.Tests.Routing;

public sealed class AddressFilterTests
{
    [Theory]
    [InlineData("/orders/svc", false, "/orders/svc", true)]
    [InlineData("/orders/svc", false, "/Orders/SVC/", true)]
    [InlineData("orders/svc/", false, "/orders/svc", true)]
    [InlineData("/orders/svc", false, "/orders/svc2", false)]
    [InlineData("/orders", false, "/orders/svc", false)]
    [InlineData("/orders", true, "/orders/svc", true)]
    [InlineData("/orders/", true, "/ORDERS", true)]
    [InlineData("/orders", true, "/ordersArchive/svc", false)]
    [InlineData("/", true, "/anything", true)]
    [InlineData("/billing", true, "/orders", false)]
    public void Match_ComparesPathIgnoringCaseAndTrailingSlash(string configured, bool prefix, string path, bool expected)
    {
        using var message = Parse(SoapVersion.Soap11, path: path);

        Assert.Equal(expected, new AddressFilter(configured, prefix).Match(message));
    }
}
