using SoapRouter.Tests.Support;

namespace SoapRouter.Tests.Deploy;

/// <summary>
/// A router.json of deploy/kubernetes/ as a pod reads it: a copy whose mounted folders (/etc/router-tls/, the TLS Secret
/// in cert-manager's names tls.crt and tls.key; /etc/router-partner-ca/, the partners' CA bundle ca.crt) name files a
/// <see cref="TestPki"/> made, since the checker loads every certificate.
/// </summary>
internal sealed class KubernetesRouterJsonCopy : IDisposable
{
    private readonly TestPki _pki = new();

    public KubernetesRouterJsonCopy(string source)
    {
        var server = _pki.Server(dnsNames: ["soap-router-https.soap-router.svc"]);
        File.Copy(server.CertPath, System.IO.Path.Combine(_pki.Folder, "tls.crt"));
        File.Copy(server.KeyPath, System.IO.Path.Combine(_pki.Folder, "tls.key"));
        File.Copy(_pki.CaPath, System.IO.Path.Combine(_pki.Folder, "ca.crt"));
        Original = File.ReadAllText(source);
        Path = System.IO.Path.Combine(_pki.Folder, "router.json");
        File.WriteAllText(Path, Original
            .Replace("/etc/router-tls/", _pki.Folder + "/", StringComparison.Ordinal)
            .Replace("/etc/router-partner-ca/", _pki.Folder + "/", StringComparison.Ordinal));
    }

    /// <summary>The repository file's text, unchanged.</summary>
    public string Original { get; }

    /// <summary>The copy, with the mounted folders pointing at the test PKI's.</summary>
    public string Path { get; }

    public void Dispose() => _pki.Dispose();
}
