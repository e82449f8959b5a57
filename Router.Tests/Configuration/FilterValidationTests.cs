using SoapRouter.Configuration;
using static SoapRouter.Tests.Configuration.TestConfigs;

namespace SoapRouter.Tests.Configuration;

public sealed class FilterValidationTests
{
    private const string FilterPath = "routes[0].filters[0]";

    private static readonly Dictionary<string, string> OrderNamespace = new() { ["o"] = "urn:orders" };

    [Theory]
    [InlineData(FilterTypes.Action, "http://tempuri.org/IOrderService/GetOrders", null)]
    [InlineData(FilterTypes.Action, "http://tempuri.org/IOrderService/", FilterTypes.MatchPrefix)]
    [InlineData(FilterTypes.Address, "/router/basic", FilterTypes.MatchExact)]
    public void Validate_ValueFilter_IsAccepted(string type, string value, string? match) =>
        Assert.Empty(Errors(WithFilter(new FilterConfig { Type = type, Value = value, Match = match })));

    [Theory]
    [InlineData(FilterTypes.Action)]
    [InlineData(FilterTypes.Address)]
    public void Validate_ValueFilterWithoutValue_ReportsRequired(string type) =>
        AssertSingleError(WithFilter(new FilterConfig { Type = type }), FilterPath + ".value", "is required");

    [Fact]
    public void Validate_UnknownMatch_ListsValidModes() =>
        AssertSingleError(WithFilter(Action("urn:a", "contains")), FilterPath + ".match", "unknown match 'contains'; valid: exact, prefix");

    [Fact]
    public void Validate_AddressFilterNotAPath_ReportsIt() =>
        AssertSingleError(
            WithFilter(new FilterConfig { Type = FilterTypes.Address, Value = "http://127.0.0.1:8080/router" }),
            FilterPath + ".value", "must be a request path starting with '/'");

    [Fact]
    public void Validate_HeaderFilterWithEmptyNamespace_IsAccepted() =>
        Assert.Empty(Errors(WithFilter(new FilterConfig { Type = FilterTypes.Header, Name = "Tenant", Namespace = "", Value = "acme" })));

    [Fact]
    public void Validate_HeaderFilterMissingFields_ReportsEachField()
    {
        var errors = Errors(WithFilter(new FilterConfig { Type = FilterTypes.Header }));

        Assert.Equal(2, errors.Count);
        AssertHasError(errors, FilterPath + ".name", "is required");
        AssertHasError(errors, FilterPath + ".namespace", "is required (use \"\"");
    }

    [Fact]
    public void Validate_HeaderFilterWithoutValue_IsAPresenceMatch() =>
        Assert.Empty(Errors(WithFilter(new FilterConfig { Type = FilterTypes.Header, Name = "Tenant", Namespace = "urn:t" })));

    [Fact]
    public void Validate_HeaderFilterWithEmptyValue_ReportsIt() =>
        AssertSingleError(
            WithFilter(new FilterConfig { Type = FilterTypes.Header, Name = "Tenant", Namespace = "urn:t", Value = "" }),
            FilterPath + ".value", "leave it out to match on the header being present");

    [Fact]
    public void Validate_HeaderFilterWithInvalidName_ReportsIt() =>
        AssertSingleError(
            WithFilter(new FilterConfig { Type = FilterTypes.Header, Name = "a b", Namespace = "", Value = "x" }),
            FilterPath + ".name", "not a valid XML local name");

    [Fact]
    public void Validate_XPathUsingDeclaredPrefix_IsAccepted() =>
        Assert.Empty(Errors(WithFilter(new FilterConfig { Type = FilterTypes.XPath, Expression = "/o:Order[o:Total > 100]", Namespaces = OrderNamespace })));

    [Fact]
    public void Validate_XPathWithUndeclaredPrefix_ReportsCompileError() =>
        AssertSingleError(
            WithFilter(new FilterConfig { Type = FilterTypes.XPath, Expression = "/p:Order", Namespaces = OrderNamespace }),
            FilterPath + ".expression", "does not compile");

    [Fact]
    public void Validate_XPathSyntaxError_ReportsCompileError() =>
        AssertSingleError(
            WithFilter(new FilterConfig { Type = FilterTypes.XPath, Expression = "/o:Order[" , Namespaces = OrderNamespace }),
            FilterPath + ".expression", "does not compile");

    [Fact]
    public void Validate_XPathReturningString_ReportsWrongResultType() =>
        AssertSingleError(
            WithFilter(new FilterConfig { Type = FilterTypes.XPath, Expression = "string(/Order)" }),
            FilterPath + ".expression", "evaluates to a string");

    [Fact]
    public void Validate_XPathWithoutExpression_ReportsRequired() =>
        AssertSingleError(WithFilter(new FilterConfig { Type = FilterTypes.XPath }), FilterPath + ".expression", "is required");

    [Fact]
    public void Validate_XPathEmptyPrefix_ReportsIt() =>
        AssertSingleError(
            WithFilter(new FilterConfig { Type = FilterTypes.XPath, Expression = "/Order", Namespaces = new Dictionary<string, string> { [""] = "urn:o" } }),
            FilterPath + ".namespaces['']", "empty prefix");

    [Fact]
    public void Validate_MatchAllWithValue_ReportsUnusedField() =>
        AssertSingleError(
            WithFilter(new FilterConfig { Type = FilterTypes.MatchAll, Value = "x" }),
            FilterPath + ".value", "is not used by filters of type 'matchAll'");

    [Fact]
    public void Validate_ActionFilterWithExpression_ReportsUnusedField() =>
        AssertSingleError(
            WithFilter(Action("urn:a") with { Expression = "/a" }),
            FilterPath + ".expression", "is not used by filters of type 'action'");

    [Fact]
    public void Validate_UnknownFilterType_ListsValidTypes() =>
        AssertSingleError(
            WithFilter(new FilterConfig { Type = "soapAction" }),
            FilterPath + ".type", "unknown filter type 'soapAction'; valid filter types: action, address, header, xpath, matchAll");
}
