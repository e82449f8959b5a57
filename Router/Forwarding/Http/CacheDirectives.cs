namespace SoapRouter.Forwarding.Http;

/// <summary>
/// What a destination's HTTP reply says about being stored, as a shared cache (nginx's proxy_cache, ASP.NET Core's
/// output cache) reads it: Cache-Control no-store, no-cache or private, Pragma no-cache, or a Set-Cookie header
/// forbid it. The response cache keeps none of those replies.
/// </summary>
internal static class CacheDirectives
{
    /// <summary>True when <paramref name="response"/>'s headers forbid a shared cache to store it.</summary>
    public static bool ForbidStoring(HttpResponseMessage response)
    {
        ArgumentNullException.ThrowIfNull(response);
        var headers = response.Headers.NonValidated;
        return ForbidStoring(
            headers.Contains("Set-Cookie"),
            headers.TryGetValues("Pragma", out var pragma) ? pragma.ToString() : null,
            headers.TryGetValues("Cache-Control", out var control) ? control.ToString() : null);
    }

    /// <summary>
    /// True when a reply with these headers may not be stored: <paramref name="setCookie"/> present, or a
    /// <paramref name="pragma"/> or <paramref name="cacheControl"/> value (several joined with commas; null: absent) that forbids it.
    /// </summary>
    public static bool ForbidStoring(bool setCookie, string? pragma, string? cacheControl) =>
        setCookie
        || (pragma is not null && Contains(pragma, "no-cache"))
        || (cacheControl is not null && (Contains(cacheControl, "no-store") || Contains(cacheControl, "no-cache") || Contains(cacheControl, "private")));

    private static bool Contains(string values, string directive)
    {
        foreach (var range in values.AsSpan().Split(','))
        {
            var part = values.AsSpan(range).Trim();

            // "no-cache" and "private" may carry a field list (no-cache="Set-Cookie"): any form forbids it here.
            if (part.StartsWith(directive, StringComparison.OrdinalIgnoreCase)
                && (part.Length == directive.Length || part[directive.Length] == '='))
            {
                return true;
            }
        }

        return false;
    }
}
