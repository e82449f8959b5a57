using System.Net;
using System.Security.Cryptography.X509Certificates;
using LoadClient.Tls;
using SoapRouter.Wire.Tls;

namespace LoadClient.CommandLine;

/// <summary>
/// The TLS options (--tls, --ca, --client-cert, --client-key, --server-name) checked against the URL and each other, with
/// their files loaded by the wire library's <see cref="CertificateFiles"/>: a missing, unreadable or malformed file, a
/// key of another certificate, or a client certificate that is expired or not for client authentication is a bad
/// argument, found before anything is sent.
/// </summary>
internal static class TlsArguments
{
    private const string TlsTargets = "TLS targets only: an https URL, or a net.tcp URL with '--tls'";

    /// <summary>The TLS settings of <paramref name="url"/>, null for a plain target or when a problem was added to <paramref name="errors"/>.</summary>
    public static TlsSettings? Read(
        Uri? url, bool tls, string? caPath, string? certificatePath, string? keyPath, string? serverName, List<string> errors)
    {
        ArgumentNullException.ThrowIfNull(errors);
        var before = errors.Count;
        var netTcp = url?.Scheme == Uri.UriSchemeNetTcp;
        var secure = url?.Scheme == Uri.UriSchemeHttps || (netTcp && tls);
        if (tls && url?.Scheme == Uri.UriSchemeHttp)
        {
            errors.Add("Option '--tls' turns TLS on for a net.tcp URL; an http URL is plain: use https (which implies TLS).");
        }
        else if (url is not null && !secure)
        {
            var given = new[] { ("--ca", caPath), ("--client-cert", certificatePath), ("--client-key", keyPath), ("--server-name", serverName) }
                .Where(o => o.Item2 is not null).Select(o => $"'{o.Item1}'").ToArray();
            if (given.Length > 0)
            {
                errors.Add($"{(given.Length == 1 ? "Option" : "Options")} {string.Join(", ", given)} {(given.Length == 1 ? "applies" : "apply")} to {TlsTargets}; got '{url}'.");
            }
        }

        if ((certificatePath is null) != (keyPath is null))
        {
            errors.Add("Options '--client-cert' and '--client-key' go together: the PEM certificate and its PEM private key.");
        }

        X509Certificate2Collection? authorities = null;
        if (caPath is not null && !CertificateFiles.TryLoadAuthorities(caPath, out authorities, out var caProblem))
        {
            errors.Add($"Option '--ca': {caProblem}.");
        }

        LoadedCertificate? client = null;
        if (certificatePath is not null && keyPath is not null
            && !CertificateFiles.TryLoad(certificatePath, keyPath, null, CertificateUsage.Client, DateTimeOffset.UtcNow, out client, out var clientProblem))
        {
            errors.Add($"Option '--client-cert': {clientProblem}.");
        }

        var name = secure ? ServerName(url!, netTcp, serverName, errors) : null;
        return errors.Count == before && name is not null
            ? new TlsSettings { ServerName = name, ServerNameGiven = serverName is not null, Authorities = authorities, ClientCertificate = client }
            : null;
    }

    // WCF's net.tcp identity check compares the certificate's DNS names only (never its IP addresses) with the identity.
    private static string? ServerName(Uri url, bool netTcp, string? given, List<string> errors)
    {
        if (given is not null)
        {
            var kind = Uri.CheckHostName(given);
            if (kind is not (UriHostNameType.Dns or UriHostNameType.IPv4 or UriHostNameType.IPv6))
            {
                errors.Add($"Option '--server-name' must be a DNS name or an IP address; got '{given}'.");
                return null;
            }

            if (netTcp && kind != UriHostNameType.Dns)
            {
                errors.Add($"Option '--server-name' must be a DNS name for net.tcp: WCF checks the certificate's DNS names only; got '{given}'.");
                return null;
            }

            return given;
        }

        var host = url.IdnHost.Trim('[', ']');
        if (!netTcp || !IPAddress.TryParse(host, out var address))
        {
            return host;
        }

        if (LoopbackHosts.IsLoopback(url))
        {
            return "localhost";
        }

        errors.Add($"Option '--server-name' is needed for net.tcp TLS at an IP address ({address}): WCF checks the certificate's DNS names only.");
        return null;
    }
}
