using System.Security.Cryptography;
using System.Security.Cryptography.X509Certificates;
using SoapRouter.Tls;
using SoapRouter.Wire.Tls;

namespace SoapRouter.Configuration;

/// <summary>
/// Validation of every TLS setting: the listeners' and the admin's sections (certificates loaded and checked: readable,
/// key matching, password right, valid now, usable by a server), the destinations' (authorities, client certificate,
/// server name), and the addresses' schemes against the sections. Certificates
/// are read here, so a file that would fail at start fails <c>--check</c> too.
/// </summary>
internal static class TlsRules
{
    /// <summary>The longest handshake timeout accepted.</summary>
    public static readonly TimeSpan MaxHandshakeTimeout = TimeSpan.FromMinutes(5);

    /// <summary>Checks the TLS settings of <paramref name="config"/>.</summary>
    public static void Check(RouterConfig config, ConfigValidationContext context)
    {
        if (config.Tls.ExpiryWarning < TimeSpan.Zero)
        {
            context.Error("tls.expiryWarning", $"must not be negative (is {config.Tls.ExpiryWarning})");
        }

        CheckListeners(config.Listeners, context);
        foreach (var (name, cluster) in config.Clusters)
        {
            var path = ConfigPath.Key("clusters", name);
            CheckDestinations(cluster.Destinations, ConfigPath.Property(path, "destinations"), context);
            CheckDestinations(cluster.Backups, ConfigPath.Property(path, "backups"), context);
        }
    }

    /// <summary>Checks a listener's (or the admin's) TLS section at <paramref name="path"/>.</summary>
    public static void CheckServerSection(ListenerTlsConfig tls, string path, ConfigValidationContext context)
    {
        if (tls.Certificate is null)
        {
            context.Error(ConfigPath.Property(path, "certificate"), "is required (the certificate served when a client names no host)");
        }
        else
        {
            CheckCertificate(tls.Certificate, ConfigPath.Property(path, "certificate"), CertificateUsage.Server, context);
        }

        foreach (var (host, certificate) in tls.Sni)
        {
            var hostPath = ConfigPath.Key(ConfigPath.Property(path, "sni"), host);
            if (!IsSniName(host))
            {
                context.Error(hostPath, $"'{host}' is not a host name (a DNS name, or *.name for one label)");
            }

            CheckCertificate(certificate, hostPath, CertificateUsage.Server, context);
        }

        CheckProtocols(tls.Protocols, ConfigPath.Property(path, "protocols"), context);
        if (tls.CipherSuites is { } suites)
        {
            CheckCipherSuites(suites, ConfigPath.Property(path, "cipherSuites"), context);
        }

        var modePath = ConfigPath.Property(path, "clientCertificateMode");
        if (TlsNames.ClientCertificateMode(tls.ClientCertificateMode) is null)
        {
            context.Error(modePath, $"unknown mode '{tls.ClientCertificateMode}'; valid modes: {string.Join(", ", TlsNames.ClientCertificateModes)}");
        }

        var authoritiesPath = ConfigPath.Property(path, "clientCertificateAuthorities");
        if (tls.ClientCertificateAuthorities is { } authorities)
        {
            if (!CertificateFiles.TryLoadAuthorities(authorities, out _, out var error))
            {
                context.Error(authoritiesPath, error!);
            }
            else if (!tls.AsksForClientCertificates)
            {
                context.Warning(authoritiesPath, "has no effect while clientCertificateMode is NoCertificate");
            }
        }
        else if (tls.AsksForClientCertificates && TlsNames.ClientCertificateMode(tls.ClientCertificateMode) is not null)
        {
            // Partners' certificates checked against the public web's authorities would admit anybody's.
            context.Error(authoritiesPath, $"is required with clientCertificateMode {tls.ClientCertificateMode}: client certificates are checked against these authorities only");
        }

        var timeoutPath = ConfigPath.Property(path, "handshakeTimeout");
        if (tls.HandshakeTimeout <= TimeSpan.Zero || tls.HandshakeTimeout > MaxHandshakeTimeout)
        {
            context.Error(timeoutPath, $"must be more than 00:00:00 and at most {MaxHandshakeTimeout} (is {tls.HandshakeTimeout})");
        }

        CheckExpiryWarning(tls.ExpiryWarning, path, context);
    }

    private static void CheckListeners(IReadOnlyList<ListenerConfig> listeners, ConfigValidationContext context)
    {
        // One TLS setup per host:port: Kestrel binds one endpoint for the listeners that share it.
        var endpoints = new Dictionary<string, (ListenerTlsConfig? Tls, string Path)>(StringComparer.OrdinalIgnoreCase);
        for (var i = 0; i < listeners.Count; i++)
        {
            var listener = listeners[i];
            var path = ConfigPath.Index("listeners", i);
            var tlsPath = ConfigPath.Property(path, "tls");
            if (!Uri.TryCreate(listener.Address, UriKind.Absolute, out var uri) || uri.IsFile)
            {
                continue;
            }

            if (uri.Scheme == Uri.UriSchemeHttps && listener.Tls is null)
            {
                context.Error(ConfigPath.Property(path, "address"), $"'{listener.Address}' is https: add a tls section with at least tls.certificate");
            }
            else if (uri.Scheme == Uri.UriSchemeHttp && listener.Tls is not null)
            {
                context.Error(tlsPath, $"TLS needs an https:// address (this listener's is '{listener.Address}')");
            }

            if (listener.Tls is { } tls)
            {
                CheckServerSection(tls, tlsPath, context);
            }

            var key = $"{uri.Scheme}://{uri.Host}:{uri.Port}";
            if (!endpoints.TryGetValue(key, out var first))
            {
                endpoints.Add(key, (listener.Tls, path));
            }
            else if (!Equals(first.Tls, listener.Tls))
            {
                context.Error(tlsPath, $"{path} shares {key} with {first.Path} but their tls sections differ; listeners on one host:port share one certificate and TLS setup");
            }
        }
    }

    private static void CheckDestinations(IReadOnlyList<DestinationConfig> destinations, string listPath, ConfigValidationContext context)
    {
        for (var i = 0; i < destinations.Count; i++)
        {
            var destination = destinations[i];
            var path = ConfigPath.Index(listPath, i);
            var tlsPath = ConfigPath.Property(path, "tls");
            if (destination.Tls is not { } tls
                || !Uri.TryCreate(destination.Address, UriKind.Absolute, out var uri) || uri.IsFile)
            {
                continue;
            }

            if (uri.Scheme == Uri.UriSchemeHttp)
            {
                context.Error(tlsPath, $"TLS needs an https:// address (this destination's is '{destination.Address}')");
                continue;
            }

            if (tls.TrustedAuthorities is { } authorities && !CertificateFiles.TryLoadAuthorities(authorities, out _, out var error))
            {
                context.Error(ConfigPath.Property(tlsPath, "trustedAuthorities"), error!);
            }

            if (tls.ClientCertificate is { } certificate)
            {
                CheckCertificate(certificate, ConfigPath.Property(tlsPath, "clientCertificate"), CertificateUsage.Client, context);
            }

            if (tls.ServerName is { } serverName && Uri.CheckHostName(serverName) != UriHostNameType.Dns)
            {
                context.Error(ConfigPath.Property(tlsPath, "serverName"), $"'{serverName}' is not a DNS host name");
            }

            if (tls.InsecureSkipVerify)
            {
                context.Warning(ConfigPath.Property(tlsPath, "insecureSkipVerify"),
                    $"destination '{destination.Name}': its certificate is NOT checked (any server, or anyone in between, is accepted); for tests only");
            }

            CheckExpiryWarning(tls.ExpiryWarning, tlsPath, context);
        }
    }

    private static void CheckCertificate(CertificateConfig certificate, string path, CertificateUsage usage, ConfigValidationContext context)
    {
        if (!context.Require(certificate.Path, ConfigPath.Property(path, "path")))
        {
            return;
        }

        if (!SecretValue.TryResolve(certificate.Password, out var password, out var secretError))
        {
            context.Error(ConfigPath.Property(path, "password"), secretError!);
            return;
        }

        if (!CertificateFiles.TryLoad(certificate.Path, certificate.KeyPath, password, usage, context.Now, out var loaded, out var error))
        {
            context.Error(path, error!);
            return;
        }

        loaded!.Leaf.Dispose();
    }

    private static void CheckProtocols(IReadOnlyList<string> protocols, string path, ConfigValidationContext context)
    {
        if (protocols.Count == 0)
        {
            context.Error(path, $"at least one protocol is required ({string.Join(", ", TlsNames.Protocols)})");
        }

        foreach (var protocol in protocols)
        {
            if (TlsNames.Protocols.Contains(protocol, StringComparer.OrdinalIgnoreCase))
            {
                continue;
            }

            context.Error(path, TlsNames.RefusedProtocols.Contains(protocol, StringComparer.OrdinalIgnoreCase)
                ? $"'{protocol}' is refused: SSL, TLS 1.0 and TLS 1.1 are broken or deprecated (RFC 8996); use {string.Join(" and ", TlsNames.Protocols)}"
                : $"unknown protocol '{protocol}'; valid protocols: {string.Join(", ", TlsNames.Protocols)}");
        }
    }

    private static void CheckCipherSuites(IReadOnlyList<string> suites, string path, ConfigValidationContext context)
    {
        if (!OperatingSystem.IsLinux() && !OperatingSystem.IsMacOS())
        {
            context.Error(path, "a cipher suite list can be set on Linux and macOS only; leave it out for the platform's defaults");
            return;
        }

        if (suites.Count == 0)
        {
            context.Error(path, "must name at least one suite (leave it out for the defaults)");
        }

        foreach (var name in suites)
        {
            if (TlsNames.CipherSuite(name) is not { } suite)
            {
                context.Error(path, $"unknown cipher suite '{name}' (IANA names, e.g. TLS_AES_256_GCM_SHA384, TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256)");
            }
            else if (!TlsDefaults.IsForwardSecret(suite))
            {
                context.Error(path, $"'{name}' has no forward secrecy (no ECDHE key exchange): refused at the edge");
            }
        }

        context.Warning(path, "a cipher suite list turns TLS session resumption off and costs handshake rate (docs/tls.md); leave it out unless an audit needs it");
    }

    private static void CheckExpiryWarning(TimeSpan? warning, string path, ConfigValidationContext context)
    {
        if (warning is { } value && value < TimeSpan.Zero)
        {
            context.Error(ConfigPath.Property(path, "expiryWarning"), $"must not be negative (is {value})");
        }
    }

    private static bool IsSniName(string host)
    {
        var name = host.StartsWith("*.", StringComparison.Ordinal) ? host[2..] : host;
        return name.Length > 0 && Uri.CheckHostName(name) == UriHostNameType.Dns;
    }
}
