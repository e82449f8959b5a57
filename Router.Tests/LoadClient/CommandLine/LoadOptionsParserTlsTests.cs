using LoadClient.CommandLine;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.LoadClient.CommandLine;

/// <summary>The TLS options: their checks against the URL and each other, and their files loaded at parse time (exit code 2).</summary>
public sealed class LoadOptionsParserTlsTests : IDisposable
{
    private const string Https = "https://127.0.0.1:8443/router/soap12";
    private const string NetTcp = "net.tcp://127.0.0.1:8808/router";

    private readonly TestPki _pki = new();

    public void Dispose() => _pki.Dispose();

    [Fact]
    public void Parse_PlainUrl_HasNoTls()
    {
        Assert.Null(LoadOptionsParser.Parse(["--url", "http://127.0.0.1:8080/r"]).Options!.Tls);
        Assert.Null(LoadOptionsParser.Parse(["--client", "wcf", "--binding", "netTcp", "--url", NetTcp]).Options!.Tls);
    }

    [Theory]
    [InlineData("raw")]
    [InlineData("wcf")]
    public void Parse_HttpsUrl_IsTlsInBothModes_CheckedAgainstTheCaFileForTheUrlsHost(string client)
    {
        var result = LoadOptionsParser.Parse(["--client", client, "--url", Https, "--ca", _pki.CaPath]);

        Assert.True(result.Succeeded, string.Join("; ", result.Errors));
        var tls = result.Options!.Tls!;
        Assert.Equal("127.0.0.1", tls.ServerName);
        Assert.False(tls.ServerNameGiven);
        Assert.Equal(_pki.Ca.Thumbprint, Assert.Single(tls.Authorities!).Thumbprint);
        Assert.Null(tls.ClientCertificate);
        Assert.Equal(WireTransportSecurity.Transport, tls.Security);
    }

    [Fact]
    public void Parse_HttpsWithoutCa_UsesTheSystemsAuthorities_AndTlsFlagIsRedundant()
    {
        var tls = LoadOptionsParser.Parse(["--url", "https://localhost:8443/r", "--tls"]).Options!.Tls!;

        Assert.Null(tls.Authorities);
        Assert.Equal("localhost", tls.ServerName);
    }

    [Theory]
    [InlineData("net.tcp://127.0.0.1:8808/r", "localhost")]
    [InlineData("net.tcp://[::1]:8808/r", "localhost")]
    [InlineData("net.tcp://localhost:8808/r", "localhost")]
    public void Parse_NetTcpWithTls_AtALoopbackAddress_ChecksTheNameLocalhost(string url, string expected)
    {
        var result = LoadOptionsParser.Parse(["--client", "wcf", "--binding", "netTcp", "--tls", "--url", url]);

        Assert.True(result.Succeeded, string.Join("; ", result.Errors));
        Assert.Equal(expected, result.Options!.Tls!.ServerName);
    }

    [Fact]
    public void Parse_ServerName_ReplacesTheUrlsHost()
    {
        var https = LoadOptionsParser.Parse(["--url", Https, "--server-name", "router.example"]).Options!.Tls!;
        var netTcp = LoadOptionsParser.Parse(["--client", "wcf", "--binding", "netTcp", "--tls", "--url", NetTcp, "--server-name", "router.example"]).Options!.Tls!;

        Assert.Equal("router.example", https.ServerName);
        Assert.True(https.ServerNameGiven);
        Assert.Equal("router.example", netTcp.ServerName);
    }

    [Fact]
    public void Parse_NetTcpTlsAtARemoteIpAddress_NeedsADnsServerName()
    {
        string[] remote = ["--client", "wcf", "--binding", "netTcp", "--tls", "--allow-remote", "--url", "net.tcp://10.1.2.3:8808/r"];

        var without = Assert.Single(LoadOptionsParser.Parse(remote).Errors);
        var ip = Assert.Single(LoadOptionsParser.Parse([.. remote, "--server-name", "10.1.2.3"]).Errors);
        var named = LoadOptionsParser.Parse([.. remote, "--server-name", "router.example"]);

        Assert.Contains("'--server-name' is needed for net.tcp TLS at an IP address (10.1.2.3)", without, StringComparison.Ordinal);
        Assert.Contains("must be a DNS name for net.tcp", ip, StringComparison.Ordinal);
        Assert.True(named.Succeeded, string.Join("; ", named.Errors));
    }

    [Fact]
    public void Parse_ClientCertificateAndKey_AreLoaded()
    {
        var partner = _pki.Client("partner-a");

        var tls = LoadOptionsParser.Parse(["--url", Https, "--client-cert", partner.CertPath, "--client-key", partner.KeyPath]).Options!.Tls!;

        Assert.Equal("CN=partner-a", tls.ClientCertificate!.Leaf.Subject);
        Assert.True(tls.ClientCertificate.Leaf.HasPrivateKey);
        Assert.Equal(WireTransportSecurity.TransportWithClientCertificate, tls.Security);
    }

    [Fact]
    public void Parse_ClientCertWithoutKey_AndKeyWithoutCert_AreErrors()
    {
        var partner = _pki.Client("partner-a");

        var certOnly = Assert.Single(LoadOptionsParser.Parse(["--url", Https, "--client-cert", partner.CertPath]).Errors);
        var keyOnly = Assert.Single(LoadOptionsParser.Parse(["--url", Https, "--client-key", partner.KeyPath]).Errors);

        Assert.Contains("Options '--client-cert' and '--client-key' go together", certOnly, StringComparison.Ordinal);
        Assert.Equal(certOnly, keyOnly);
    }

    [Fact]
    public void Parse_FilesThatCannotBeUsed_AreErrorsNamingThemAllAtOnce()
    {
        var missing = Path.Combine(_pki.Folder, "missing.pem");
        var notPem = Path.Combine(_pki.Folder, "not.pem");
        File.WriteAllText(notPem, "hello");

        var errors = LoadOptionsParser.Parse(["--url", Https, "--ca", notPem, "--client-cert", missing, "--client-key", missing]).Errors;

        Assert.Equal(2, errors.Count);
        Assert.Contains(errors, e => e.StartsWith("Option '--ca':", StringComparison.Ordinal) && e.Contains("not.pem' holds no PEM certificate", StringComparison.Ordinal));
        Assert.Contains(errors, e => e.StartsWith("Option '--client-cert':", StringComparison.Ordinal) && e.Contains("missing.pem' does not exist", StringComparison.Ordinal));
    }

    [Fact]
    public void Parse_ClientCertificateThatCannotAuthenticateAClient_OrWithAnotherKey_IsAnError()
    {
        var server = _pki.Server();
        var partner = _pki.Client("partner-a");
        var expired = _pki.Client("old", notAfter: DateTimeOffset.UtcNow.AddDays(-1), notBefore: DateTimeOffset.UtcNow.AddDays(-10));

        var serverOnly = Assert.Single(LoadOptionsParser.Parse(["--url", Https, "--client-cert", server.CertPath, "--client-key", server.KeyPath]).Errors);
        var otherKey = Assert.Single(LoadOptionsParser.Parse(["--url", Https, "--client-cert", partner.CertPath, "--client-key", server.KeyPath]).Errors);
        var old = Assert.Single(LoadOptionsParser.Parse(["--url", Https, "--client-cert", expired.CertPath, "--client-key", expired.KeyPath]).Errors);

        Assert.Contains("cannot authenticate a TLS client", serverOnly, StringComparison.Ordinal);
        Assert.Contains("does not match the certificate", otherKey, StringComparison.Ordinal);
        Assert.Contains("expired on", old, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("http://127.0.0.1:8080/r", "raw", "basicHttp")]
    [InlineData("net.tcp://127.0.0.1:8808/r", "wcf", "netTcp")]
    public void Parse_TlsOptionsOnAPlainTarget_AreOneError(string url, string client, string binding)
    {
        var error = Assert.Single(LoadOptionsParser.Parse(
            ["--client", client, "--binding", binding, "--url", url, "--ca", _pki.CaPath, "--server-name", "localhost"]).Errors);

        Assert.Contains("Options '--ca', '--server-name' apply to TLS targets only: an https URL, or a net.tcp URL with '--tls'", error, StringComparison.Ordinal);
    }

    [Fact]
    public void Parse_TlsFlagOnAnHttpUrl_IsAnError()
    {
        var error = Assert.Single(LoadOptionsParser.Parse(["--url", "http://127.0.0.1:8080/r", "--tls"]).Errors);

        Assert.Contains("an http URL is plain: use https", error, StringComparison.Ordinal);
    }

    [Fact]
    public void Parse_ServerNameThatIsNoHostName_IsAnError()
    {
        var error = Assert.Single(LoadOptionsParser.Parse(["--url", Https, "--server-name", "not a name"]).Errors);

        Assert.Contains("'--server-name' must be a DNS name or an IP address", error, StringComparison.Ordinal);
    }
}
