using BackendStub.Hosting;

namespace BackendStub.Service;

/// <summary>
/// WCF's EndpointAddressMessageFilter as a stock service configures it: wsa:To must be this endpoint's address.
/// Scheme and port must be equal, the path equal ignoring case and a trailing slash; the host is compared
/// (case-insensitively, no alias resolution: 127.0.0.1 is not localhost) only in <see cref="AddressFilterMode.Exact"/>.
/// A missing or relative To never matches, as in WCF.
/// </summary>
internal static class AddressFilter
{
    /// <summary>True when <paramref name="to"/> names <paramref name="endpoint"/> under <paramref name="mode"/>.</summary>
    public static bool Matches(Uri? to, Uri endpoint, AddressFilterMode mode)
    {
        ArgumentNullException.ThrowIfNull(endpoint);
        if (mode == AddressFilterMode.Any)
        {
            return true;
        }

        if (to is null || !to.IsAbsoluteUri)
        {
            return false;
        }

        return string.Equals(to.Scheme, endpoint.Scheme, StringComparison.OrdinalIgnoreCase)
            && to.Port == endpoint.Port
            && (mode != AddressFilterMode.Exact || string.Equals(to.IdnHost, endpoint.IdnHost, StringComparison.OrdinalIgnoreCase))
            && string.Equals(TrimSlash(to.AbsolutePath), TrimSlash(endpoint.AbsolutePath), StringComparison.OrdinalIgnoreCase);
    }

    private static string TrimSlash(string path) => path.Length > 1 ? path.TrimEnd('/') : path;
}
