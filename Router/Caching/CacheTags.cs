using System.Globalization;

namespace SoapRouter.Caching;

/// <summary>
/// The tags every entry carries, so one POST /cache/invalidate drops a route's, an action's or a route's action's
/// entries on every replica (HybridCache's tag invalidation, sent to the others through Redis).
/// </summary>
internal static class CacheTags
{
    /// <summary>Every entry of route <paramref name="route"/>.</summary>
    public static string Route(string route) => "r:" + route;

    /// <summary>Every entry of action <paramref name="action"/>, whatever its route.</summary>
    public static string Action(string action) => "a:" + action;

    /// <summary>The entries of <paramref name="action"/> on <paramref name="route"/> (the route's length first, so no two pairs read alike).</summary>
    public static string RouteAction(string route, string action) =>
        string.Create(CultureInfo.InvariantCulture, $"ra:{route.Length}:{route}{action}");

    /// <summary>
    /// The tag that drops what <paramref name="route"/> and <paramref name="action"/> (either may be null) name;
    /// HybridCache's wildcard when both are null.
    /// </summary>
    public static string For(string? route, string? action) => (route, action) switch
    {
        (null, null) => "*",
        ({ } r, null) => Route(r),
        (null, { } a) => Action(a),
        ({ } r, { } a) => RouteAction(r, a),
    };
}
