using SoapRouter.Configuration;

namespace SoapRouter.Tests.Routing;

/// <summary>Short-hands for route and filter configuration in tests.</summary>
internal static class RouteConfigs
{
    public static FilterConfig Action(string value, string? match = null) =>
        new() { Type = FilterTypes.Action, Value = value, Match = match };

    public static FilterConfig XPath(string expression) => new()
    {
        Type = FilterTypes.XPath,
        Expression = expression,
        Namespaces = new Dictionary<string, string> { ["ord"] = TestEnvelopes.OrdersNs },
    };

    public static FilterConfig MatchAll() => new() { Type = FilterTypes.MatchAll };

    public static RouteConfig Route(string name, int priority, params FilterConfig[] filters) =>
        new() { Name = name, Priority = priority, Cluster = name + "-cluster", Filters = filters };
}
