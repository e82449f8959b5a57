using SoapRouter.Configuration;
using SoapRouter.Routing;
using static SoapRouter.Tests.Routing.TestEnvelopes;

namespace SoapRouter.Tests.Routing;

public sealed class XPathFilterTests
{
    private static readonly Dictionary<string, string> Namespaces = new() { ["ord"] = OrdersNs };

    [Theory]
    [InlineData("/ord:Order/ord:Id = 42", true)]
    [InlineData("/ord:Order/ord:Id = 43", false)]
    [InlineData("ord:Id", true)]
    [InlineData("/ord:Order[ord:Total > 10]", true)]
    [InlineData("/ord:Order/ord:Missing", false)]
    [InlineData("string(ord:Id)", false)] // strings and numbers never match: only booleans and node sets do
    [InlineData("number(ord:Id)", false)]
    [InlineData("self::ord:Order", true)]
    public void Match_EvaluatesOverBodyPayload(string expression, bool expected)
    {
        using var message = WithAction("urn:a");

        Assert.Equal(expected, new XPathFilter(expression, Namespaces).Match(message));
    }

    [Fact]
    public void Match_DifferentPrefixSameNamespace_Matches()
    {
        using var message = WithAction("urn:a");
        var namespaces = new Dictionary<string, string> { ["x"] = OrdersNs };

        Assert.True(new XPathFilter("/x:Order/x:Id", namespaces).Match(message));
    }

    [Fact]
    public void Match_UnprefixedNameDoesNotMatchNamespacedElement()
    {
        using var message = WithAction("urn:a");

        Assert.False(new XPathFilter("/Order", namespaces: null).Match(message));
    }

    [Fact]
    public void Match_EmptyBody_DoesNotMatch()
    {
        using var message = WithAction("urn:a", body: "");

        Assert.False(new XPathFilter("true()", namespaces: null).Match(message));
    }

    [Fact]
    public void Match_StreamableExpression_ReadsTheBodyWithoutLoadingIt()
    {
        using var message = WithAction("urn:a");
        var filter = new XPathFilter("ord:Id", Namespaces);

        Assert.True(filter.Match(message));

        Assert.True(filter.ReadsBody);
        Assert.True(filter.IsStreamable);
        Assert.True(message.IsBodyRead);
        Assert.False(message.IsBodyLoaded);
    }

    [Fact]
    public void Match_ExpressionOutsideTheSubset_LoadsTheBody()
    {
        using var message = WithAction("urn:a");
        var filter = new XPathFilter("/ord:Order[ord:Total > 10]", Namespaces);

        Assert.True(filter.Match(message));

        Assert.False(filter.IsStreamable);
        Assert.True(message.IsBodyLoaded);
    }

    [Fact]
    public async Task Match_ConcurrentMessages_EvaluateIndependently()
    {
        var filter = new XPathFilter("/ord:Order/ord:Id = 42", Namespaces);

        var results = await Task.WhenAll(Enumerable.Range(0, 64).Select(i => Task.Run(() =>
        {
            var id = i % 2 == 0 ? 42 : 7;
            using var message = WithAction("urn:a", $"<o:Order xmlns:o='{OrdersNs}'><o:Id>{id}</o:Id></o:Order>");
            return filter.Match(message) == (id == 42);
        })));

        Assert.All(results, Assert.True);
    }

    [Theory]
    [InlineData("/ord:Order[")]
    [InlineData("/undefined:Order")]
    [InlineData("custom-function()")]
    public void Factory_InvalidExpression_ThrowsAtBuildTime(string expression)
    {
        var config = new FilterConfig { Type = FilterTypes.XPath, Expression = expression, Namespaces = Namespaces };

        Assert.Throws<ArgumentException>(() => MessageFilterFactory.Create(config));
    }
}
