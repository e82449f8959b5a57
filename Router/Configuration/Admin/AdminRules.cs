using System.Net;

namespace SoapRouter.Configuration;

/// <summary>
/// Checks the admin section: an address that binds, not shared with a listener; TLS exactly when it is https; the token
/// resolvable; and a warning when it is reachable from beyond this host with neither TLS nor a token.
/// </summary>
internal static class AdminRules
{
    private const string Path = "admin.address";

    /// <summary>Adds the errors and warnings of <paramref name="admin"/> to <paramref name="context"/>.</summary>
    public static void Check(AdminConfig admin, IReadOnlyList<ListenerConfig> listeners, ConfigValidationContext context)
    {
        if (!context.Require(admin.Address, Path))
        {
            return;
        }

        if (!AdminEndpointAddress.TryParse(admin.Address, out var endPoint, out var error))
        {
            context.Error(Path, error);
            return;
        }

        var https = AdminEndpointAddress.IsHttps(admin.Address);
        if (https && admin.Tls is null)
        {
            context.Error(Path, $"'{admin.Address}' is https: add admin.tls with at least a certificate");
        }
        else if (!https && admin.Tls is not null)
        {
            context.Error("admin.tls", $"TLS needs an https:// admin address (it is '{admin.Address}')");
        }

        if (admin.Tls is { } tls)
        {
            TlsRules.CheckServerSection(tls, "admin.tls", context);
        }

        if (admin.AuthToken is { } token)
        {
            if (!SecretValue.TryResolve(token, out var secret, out var secretError))
            {
                context.Error("admin.authToken", secretError!);
            }
            else if (string.IsNullOrWhiteSpace(secret))
            {
                context.Error("admin.authToken", "must not be empty");
            }
        }

        if (!IPAddress.IsLoopback(endPoint.Address) && admin.Tls is null && admin.AuthToken is null)
        {
            context.Warning(Path, $"'{admin.Address}' is reachable from other hosts with neither TLS (admin.tls) nor a token (admin.authToken): anyone who reaches it reads /stats and /metrics; bind a loopback or internal-only address, or set both");
        }

        for (var i = 0; i < listeners.Count; i++)
        {
            if (endPoint.Port != 0 && SharesEndpoint(endPoint, listeners[i].Address))
            {
                context.Error(Path, $"port {endPoint.Port} is also used by listeners[{i}] ('{listeners[i].Name}')");
            }
        }
    }

    private static bool SharesEndpoint(IPEndPoint admin, string listenerAddress)
    {
        if (!Uri.TryCreate(listenerAddress, UriKind.Absolute, out var uri) || uri.Port != admin.Port)
        {
            return false;
        }

        // A wildcard on either side overlaps any address; otherwise compare the literal hosts.
        if (AdminEndpointAddress.IsWildcard(admin) || uri.Host is "0.0.0.0" or "[::]" or "*" or "+")
        {
            return true;
        }

        return IPAddress.TryParse(uri.Host.Trim('[', ']'), out var ip)
            ? ip.Equals(admin.Address)
            : string.Equals(uri.Host, "localhost", StringComparison.OrdinalIgnoreCase) && IPAddress.IsLoopback(admin.Address);
    }
}
