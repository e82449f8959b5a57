using BackendStub.Hosting;

namespace BackendStub.Service;

/// <summary>
/// WCF's EndpointAddressMessageFilter as a stock service configures it: wsa:To must be this endpoint's address.
/// Scheme and port must be equal, the path equal ignoring case and a trailing slash; the host is compared
/// (case-insensitively, no alias resolution: 127.0.0.1 is not localhost) only in <see cref="AddressFilterMode.Exact"/>.
/// A missing or unparsable To never matches, as in WCF.
/// </summary>
internal static class AddressFilter
{
    /// <summary>True when <paramref name="to"/> names <paramref name="endpoint"/> under <paramref name="mode"/>.</summary>
    public static bool Matches(string? to, Uri endpoint, AddressFilterMode mode)
    {
        if (mode == AddressFilterMode.Any)
        {
            return true;
        }

        if (to is null || !Uri.TryCreate(to, UriKind.Absolute, out var uri))
        {
            return false;
        }

        return string.Equals(uri.Scheme, endpoint.Scheme, StringComparison.OrdinalIgnoreCase)
            && uri.Port == endpoint.Port
            && (mode != AddressFilterMode.Exact || string.Equals(uri.IdnHost, endpoint.IdnHost, StringComparison.OrdinalIgnoreCase))
            && string.Equals(TrimSlash(uri.AbsolutePath), TrimSlash(endpoint.AbsolutePath), StringComparison.OrdinalIgnoreCase);
    }

    private static string TrimSlash(string path) => path.Length > 1 ? path.TrimEnd('/') : path;
}
