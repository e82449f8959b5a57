namespace SoapRouter.Caching;

/// <summary>One cached action of a route: its name and the tags its entries carry, built once per config version.</summary>
/// <param name="route">The route whose action is cached.</param>
/// <param name="action">The SOAP action that is cached.</param>
internal sealed class CachedAction(string route, string action)
{
    /// <summary>The SOAP action.</summary>
    public string Action { get; } = action;

    /// <summary>The entry's tags: its route, its action, both.</summary>
    public IReadOnlyList<string> Tags { get; } = [CacheTags.Route(route), CacheTags.Action(action), CacheTags.RouteAction(route, action)];
}
