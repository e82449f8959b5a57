using SoapRouter.Routing;
using static SoapRouter.Tests.Routing.TestEnvelopes;

namespace SoapRouter.Tests.Routing;

public sealed class HeaderFilterTests
{
    private const string TenantHeader = "<t:Tenant xmlns:t='urn:tenant'>  acme \n</t:Tenant>";

    [Theory]
    [InlineData("Tenant", "urn:tenant", "acme", true)]
    [InlineData("Tenant", "urn:tenant", " acme ", true)]
    [InlineData("Tenant", "urn:tenant", "ACME", false)]
    [InlineData("Tenant", "urn:tenant", "other", false)]
    [InlineData("Tenant", "urn:other", "acme", false)]
    [InlineData("Region", "urn:tenant", "acme", false)]
    [InlineData("Tenant", "urn:tenant", null, true)]
    public void Match_ComparesNameNamespaceAndTrimmedValue(string name, string ns, string? value, bool expected)
    {
        using var message = Parse(SoapVersion.Soap12, TenantHeader);

        Assert.Equal(expected, new HeaderFilter(name, ns, value).Match(message));
    }

    [Fact]
    public void Match_WsaHeader_IsVisibleToo()
    {
        using var message = WithAction("urn:a");

        Assert.True(new HeaderFilter("Action", Wsa10, "urn:a").Match(message));
    }
}
