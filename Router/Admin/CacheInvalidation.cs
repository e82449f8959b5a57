using SoapRouter.Caching;

namespace SoapRouter.Admin;

/// <summary>
/// POST /cache/invalidate on the admin address: <c>?route=NAME</c>, <c>?action=URI</c>, both, or <c>?all=true</c>
/// drops those response cache entries on this replica and, through Redis, on the others. Guarded by admin.authToken.
/// </summary>
internal static class CacheInvalidation
{
    /// <summary>The admin path.</summary>
    public const string Path = "/cache/invalidate";

    /// <summary>Answers one request to <see cref="Path"/>.</summary>
    public static async Task HandleAsync(HttpContext context, ResponseCache? cache)
    {
        var request = context.Request;
        var response = context.Response;
        if (!HttpMethods.IsPost(request.Method))
        {
            response.StatusCode = StatusCodes.Status405MethodNotAllowed;
            response.Headers.Allow = HttpMethods.Post;
            return;
        }

        var route = Single(request.Query, "route");
        var action = Single(request.Query, "action");
        var all = string.Equals(Single(request.Query, "all"), "true", StringComparison.OrdinalIgnoreCase);
        var unknown = request.Query.Keys.FirstOrDefault(static key => key is not ("route" or "action" or "all"));
        var problem = unknown is not null ? $"unknown parameter '{unknown}'; use route, action or all=true"
            : route is { Length: 0 } || action is { Length: 0 } ? "route and action must not be empty"
            : all && (route is not null || action is not null) ? "all=true drops every entry; name a route or an action instead, not both"
            : !all && route is null && action is null ? "name what to drop: ?route=NAME, ?action=URI (or both), or ?all=true"
            : cache is null ? "the response cache is not running"
            : null;
        if (problem is not null)
        {
            response.StatusCode = StatusCodes.Status400BadRequest;
            response.ContentType = "text/plain; charset=utf-8";
            await response.WriteAsync(problem + "\n", context.RequestAborted).ConfigureAwait(false);
            return;
        }

        var result = await cache!.InvalidateAsync(route, action).ConfigureAwait(false);
        await response.WriteAsJsonAsync(result, CacheJsonContext.Default.InvalidationResult, contentType: null, context.RequestAborted).ConfigureAwait(false);
    }

    private static string? Single(IQueryCollection query, string name) =>
        query.TryGetValue(name, out var values) ? values.ToString() : null;
}
