using System.Security.Cryptography;
using System.Text;
using SoapRouter.Configuration;

namespace SoapRouter.Admin;

/// <summary>
/// admin.authToken: /stats, /overview, /metrics, /queues (dead letters listed, replayed, purged) and POST /cache/invalidate answer only requests carrying <c>Authorization: Bearer &lt;token&gt;</c>; /health
/// stays open for load balancers' probes, and the operator's page (it holds no figures: it asks for the token and reads them). The token is read from the config in use at each request (a reload that
/// changes it takes effect at once; env:NAME is looked up then), and compared in constant time.
/// </summary>
internal static class AdminAuthorization
{
    private const string BearerPrefix = "Bearer ";

    /// <summary>True when <paramref name="path"/> needs the token (when one is configured).</summary>
    public static bool IsProtected(PathString path) =>
        path == "/stats" || path == "/overview" || path == "/metrics" || path == CacheInvalidation.Path || path.StartsWithSegments(QueueAdministration.Path);

    /// <summary>True when the request may be answered under <paramref name="admin"/>: no token configured, an open path, or the right token.</summary>
    public static bool Allows(HttpContext context, AdminConfig admin)
    {
        ArgumentNullException.ThrowIfNull(context);
        ArgumentNullException.ThrowIfNull(admin);
        if (admin.AuthToken is null || !IsProtected(context.Request.Path))
        {
            return true;
        }

        // Validated at load; a variable unset since then locks the endpoints rather than opening them.
        if (!SecretValue.TryResolve(admin.AuthToken, out var token, out _) || string.IsNullOrEmpty(token))
        {
            return false;
        }

        var header = context.Request.Headers.Authorization.ToString();
        if (!header.StartsWith(BearerPrefix, StringComparison.OrdinalIgnoreCase))
        {
            return false;
        }

        return CryptographicOperations.FixedTimeEquals(
            Encoding.UTF8.GetBytes(header.AsSpan(BearerPrefix.Length).Trim().ToString()), Encoding.UTF8.GetBytes(token));
    }

    /// <summary>Answers 401 with the challenge a client needs to know what to send.</summary>
    public static Task RefuseAsync(HttpContext context)
    {
        ArgumentNullException.ThrowIfNull(context);
        context.Response.StatusCode = StatusCodes.Status401Unauthorized;
        context.Response.Headers.WWWAuthenticate = "Bearer realm=\"soap-router-admin\"";
        return Task.CompletedTask;
    }
}
