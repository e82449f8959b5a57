using SoapRouter.Configuration;
using SoapRouter.Routing;

namespace SoapRouter.Tests.Routing;

public sealed class MessageFilterFactoryTests
{
    [Theory]
    [InlineData(FilterTypes.Action, typeof(ActionFilter))]
    [InlineData(FilterTypes.Address, typeof(AddressFilter))]
    [InlineData(FilterTypes.Header, typeof(HeaderFilter))]
    [InlineData(FilterTypes.XPath, typeof(XPathFilter))]
    [InlineData(FilterTypes.MatchAll, typeof(MatchAllFilter))]
    public void Create_EachType_BuildsItsFilter(string type, Type expected)
    {
        var config = new FilterConfig { Type = type, Value = "v", Name = "n", Expression = "true()", Match = FilterTypes.MatchPrefix };

        var filter = MessageFilterFactory.Create(config);

        Assert.IsType(expected, filter);
        Assert.Equal(type == FilterTypes.XPath, filter.ReadsBody);
    }

    [Theory]
    [InlineData(FilterTypes.Action, null, null, null)]
    [InlineData(FilterTypes.Address, "", null, null)]
    [InlineData(FilterTypes.Header, "v", null, null)]
    [InlineData(FilterTypes.XPath, null, null, null)]
    [InlineData(FilterTypes.Action, "urn:a", "startsWith", null)]
    [InlineData("regex", "x", null, null)]
    public void Create_IncompleteOrUnknown_Throws(string type, string? value, string? match, string? name)
    {
        var config = new FilterConfig { Type = type, Value = value, Match = match, Name = name };

        Assert.Throws<ArgumentException>(() => MessageFilterFactory.Create(config));
    }
}
