namespace SoapRouter.Caching;

/// <summary>One cached action of a route: its name and the tags its entries carry, built once per config version.</summary>
internal sealed class CachedAction
{
    /// <summary>The action of <paramref name="route"/> that is cached.</summary>
    public CachedAction(string route, string action)
    {
        Action = action;
        Tags = [CacheTags.Route(route), CacheTags.Action(action), CacheTags.RouteAction(route, action)];
    }

    /// <summary>The SOAP action.</summary>
    public string Action { get; }

    /// <summary>The entry's tags: its route, its action, both.</summary>
    public IReadOnlyList<string> Tags { get; }
}
