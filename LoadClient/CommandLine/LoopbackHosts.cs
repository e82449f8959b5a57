using System.Net;

namespace LoadClient.CommandLine;

/// <summary>Decides from the URL alone (no DNS lookup) whether a host is this machine's loopback interface.</summary>
internal static class LoopbackHosts
{
    /// <summary>True for <c>localhost</c>, 127.0.0.0/8, ::1 and IPv4-mapped loopback addresses.</summary>
    public static bool IsLoopback(Uri url)
    {
        ArgumentNullException.ThrowIfNull(url);
        var host = url.IdnHost;
        if (string.Equals(host, "localhost", StringComparison.OrdinalIgnoreCase))
        {
            return true;
        }

        if (!IPAddress.TryParse(host.Trim('[', ']'), out var address))
        {
            return false;
        }

        return IPAddress.IsLoopback(address.IsIPv4MappedToIPv6 ? address.MapToIPv4() : address);
    }
}
