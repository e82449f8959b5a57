using SoapRouter.Configuration;

namespace SoapRouter.Routing;

/// <summary>
/// The routes of one configuration snapshot, immutable so a reload can swap the whole table while messages
/// in flight keep matching against the one they started with.
/// </summary>
internal sealed class RouteTable
{
    // Sorted by priority, highest first, and stably, so configuration order holds within a level. The first
    // match in this order is the first match of the highest level that has one: no per-level bookkeeping needed.
    private readonly Route[] _routes;

    private RouteTable(Route[] routes) => _routes = routes;

    /// <summary>A table with no routes; matches nothing.</summary>
    public static RouteTable Empty { get; } = new([]);

    /// <summary>The routes in the order they are tried.</summary>
    public IReadOnlyList<Route> Routes => _routes;

    /// <summary>Builds the table for <paramref name="config"/>; throws <see cref="ArgumentException"/> on an invalid filter.</summary>
    public static RouteTable Build(RouterConfig config)
    {
        ArgumentNullException.ThrowIfNull(config);
        var routes = new Route[config.Routes.Count];
        for (var i = 0; i < routes.Length; i++)
        {
            routes[i] = new Route(config.Routes[i]);
        }

        // OrderByDescending is stable; Array.Sort is not.
        return new RouteTable([.. routes.OrderByDescending(static r => r.Priority)]);
    }

    /// <summary>The route for <paramref name="message"/>, or null when no route matches.</summary>
    public Route? Match(IRoutableMessage message)
    {
        ArgumentNullException.ThrowIfNull(message);
        foreach (var route in _routes)
        {
            if (route.Matches(message))
            {
                return route;
            }
        }

        return null;
    }
}
