using System.Net;

namespace SoapRouter.Configuration;

/// <summary>Checks admin.address: bindable, not shared with a listener, and a warning when it opens every interface.</summary>
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

        if (AdminEndpointAddress.IsWildcard(endPoint))
        {
            context.Warning(Path, $"'{admin.Address}' listens on every interface; /stats is unauthenticated, so bind a loopback or internal-only address");
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
