namespace SoapRouter.Tests.Support;

/// <summary>
/// deploy/router/router.json as the router container reads it: a copy in a temp folder whose certificate paths under
/// /etc/router-tls/ (the compose stack's read-only mount) name files a <see cref="TestPki"/> made there instead, with
/// the names scripts/make-certs.sh gives them. The checker loads every certificate, so the file is valid only with them.
/// Any other config that names files under the same folder (deploy/examples/) can be copied the same way. The secrets the
/// container's entrypoint exports (RABBITMQ_PASSWORD, from the rabbitmq-secret volume) are set in this process too, as
/// the checker resolves every env:NAME it is given.
/// </summary>
internal sealed class DockerRouterJsonCopy : IDisposable
{
    /// <summary>Where docker-compose.yml mounts the TLS folder in the router container.</summary>
    public const string MountedTlsFolder = "/etc/router-tls/";

    private readonly TestPki _pki = new();

    public DockerRouterJsonCopy()
        : this(RepositoryPaths.DockerRouterJson)
    {
    }

    /// <summary>A copy of <paramref name="source"/> with its /etc/router-tls/ paths pointing at the test PKI's files.</summary>
    public DockerRouterJsonCopy(string source)
    {
        if (Environment.GetEnvironmentVariable("RABBITMQ_PASSWORD") is null)
        {
            Environment.SetEnvironmentVariable("RABBITMQ_PASSWORD", "a-test-password");
        }

        var server = _pki.Server(dnsNames: ["router", "front"]);
        File.Copy(server.CertPath, System.IO.Path.Combine(_pki.Folder, "server.crt"));
        File.Copy(server.KeyPath, System.IO.Path.Combine(_pki.Folder, "server.key"));
        File.Copy(_pki.CaPath, System.IO.Path.Combine(_pki.Folder, "clients-ca.crt"));
        Original = File.ReadAllText(source);
        Path = System.IO.Path.Combine(_pki.Folder, "router.json");
        File.WriteAllText(Path, Original.Replace(MountedTlsFolder, _pki.Folder + "/", StringComparison.Ordinal));
    }

    /// <summary>The repository file's text, unchanged.</summary>
    public string Original { get; }

    /// <summary>The copy, with the certificate paths pointing at the test PKI's folder.</summary>
    public string Path { get; }

    public void Dispose() => _pki.Dispose();
}
