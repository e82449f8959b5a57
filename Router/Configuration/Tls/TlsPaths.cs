namespace SoapRouter.Configuration;

/// <summary>
/// Makes every file path of the TLS sections absolute, relative ones read from router.json's folder (as nginx reads
/// them from its prefix): the checker, the listeners and the certificate watchers then all mean the same files,
/// whatever the working directory.
/// </summary>
internal static class TlsPaths
{
    /// <summary><paramref name="config"/> with its TLS file paths resolved against <paramref name="baseDirectory"/>.</summary>
    public static RouterConfig Resolve(RouterConfig config, string baseDirectory)
    {
        var listeners = config.Listeners.Select(listener => listener.Tls is { } tls ? listener with { Tls = Resolve(tls, baseDirectory) } : listener).ToArray();
        var clusters = config.Clusters.ToDictionary(
            entry => entry.Key,
            entry => entry.Value with
            {
                Destinations = entry.Value.Destinations.Select(destination => Resolve(destination, baseDirectory)).ToArray(),
                Backups = entry.Value.Backups.Select(destination => Resolve(destination, baseDirectory)).ToArray(),
            },
            StringComparer.Ordinal);
        var admin = config.Admin.Tls is { } adminTls ? config.Admin with { Tls = Resolve(adminTls, baseDirectory) } : config.Admin;
        return config with { Listeners = listeners, Clusters = clusters, Admin = admin };
    }

    private static ListenerTlsConfig Resolve(ListenerTlsConfig tls, string baseDirectory) => tls with
    {
        Certificate = Resolve(tls.Certificate, baseDirectory),
        Sni = tls.Sni.ToDictionary(entry => entry.Key, entry => Resolve(entry.Value, baseDirectory)!, StringComparer.OrdinalIgnoreCase),
        ClientCertificateAuthorities = Resolve(tls.ClientCertificateAuthorities, baseDirectory),
    };

    private static DestinationConfig Resolve(DestinationConfig destination, string baseDirectory) => destination.Tls is not { } tls
        ? destination
        : destination with
        {
            Tls = tls with
            {
                TrustedAuthorities = Resolve(tls.TrustedAuthorities, baseDirectory),
                ClientCertificate = Resolve(tls.ClientCertificate, baseDirectory),
            },
        };

    private static CertificateConfig? Resolve(CertificateConfig? certificate, string baseDirectory) => certificate is null
        ? null
        : certificate with { Path = Resolve(certificate.Path, baseDirectory)!, KeyPath = Resolve(certificate.KeyPath, baseDirectory) };

    private static string? Resolve(string? path, string baseDirectory) =>
        string.IsNullOrWhiteSpace(path) || Path.IsPathRooted(path) ? path : Path.GetFullPath(path, baseDirectory);
}
