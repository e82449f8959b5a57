using System.Net.Http.Headers;

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
        var headers = response.Headers;
        if (headers.NonValidated.Contains("Set-Cookie"))
        {
            return true;
        }

        if (headers.NonValidated.TryGetValues("Pragma", out var pragma) && Contains(pragma, "no-cache"))
        {
            return true;
        }

        return headers.NonValidated.TryGetValues("Cache-Control", out var control)
            && (Contains(control, "no-store") || Contains(control, "no-cache") || Contains(control, "private"));
    }

    private static bool Contains(HeaderStringValues values, string directive)
    {
        foreach (var value in values)
        {
            foreach (var part in value.Split(',', StringSplitOptions.TrimEntries))
            {
                // "no-cache" and "private" may carry a field list (no-cache="Set-Cookie"): any form forbids it here.
                if (part.StartsWith(directive, StringComparison.OrdinalIgnoreCase)
                    && (part.Length == directive.Length || part[directive.Length] == '='))
                {
                    return true;
                }
            }
        }

        return false;
    }
}
