using System.Diagnostics.CodeAnalysis;
using System.Net;

namespace SoapRouter.Configuration;

/// <summary>
/// The one reading of admin.address, shared by the validator and the admin server so a config that validates
/// always binds: http or https, no path, and a literal IP address or localhost.
/// </summary>
public static class AdminEndpointAddress
{
    /// <summary>Parses <paramref name="address"/> into the endpoint to bind, or says what is wrong with it.</summary>
    public static bool TryParse(string? address, [NotNullWhen(true)] out IPEndPoint? endPoint, [NotNullWhen(false)] out string? error)
    {
        endPoint = null;
        if (!Uri.TryCreate(address, UriKind.Absolute, out var uri) || uri.IsFile || (uri.Scheme != Uri.UriSchemeHttp && uri.Scheme != Uri.UriSchemeHttps))
        {
            error = $"'{address}' must be an absolute http:// or https:// address (e.g. http://127.0.0.1:9901)";
            return false;
        }

        if (uri.AbsolutePath != "/" || uri.Query.Length > 0)
        {
            error = $"'{address}' must not have a path or query; the endpoint serves /health and /stats at its root";
            return false;
        }

        // Only literal addresses (and localhost as loopback): binding by host name could open more interfaces than meant.
        IPAddress? ip;
        if (string.Equals(uri.Host, "localhost", StringComparison.OrdinalIgnoreCase))
        {
            ip = IPAddress.Loopback;
        }
        else if (!IPAddress.TryParse(uri.Host.Trim('[', ']'), out ip))
        {
            error = $"'{address}' must use an IP address or localhost, not a host name";
            return false;
        }

        endPoint = new IPEndPoint(ip, uri.Port);
        error = null;
        return true;
    }

    /// <summary>True when <paramref name="address"/> is an https:// one.</summary>
    public static bool IsHttps(string? address) =>
        address is not null && address.StartsWith(Uri.UriSchemeHttps + "://", StringComparison.OrdinalIgnoreCase);

    /// <summary>True for 0.0.0.0 and ::, which bind every interface of the host, the DMZ side included.</summary>
    public static bool IsWildcard(IPEndPoint endPoint) =>
        endPoint.Address.Equals(IPAddress.Any) || endPoint.Address.Equals(IPAddress.IPv6Any);
}
