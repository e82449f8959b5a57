using BackendStub.Hosting;
using SoapRouter.Tests.Support;

namespace SoapRouter.Tests.BackendStub.Hosting;

/// <summary>The stub's TLS options on its command line: what they set, and every way they can be wrong.</summary>
public sealed class StubTlsOptionsParserTests : IDisposable
{
    private readonly TestPki _pki = new();

    public void Dispose() => _pki.Dispose();

    [Fact]
    public void TlsOptions_AreApplied()
    {
        var server = _pki.Server();

        var result = StubOptionsParser.Parse(
        [
            "--https-port", "0", "--tcp-tls-port=0", "--certificate", server.CertPath, "--certificate-key", server.KeyPath,
            "--client-certificate-authorities", _pki.CaPath,
        ]);

        Assert.True(result.Succeeded, string.Join(" | ", result.Errors));
        var options = result.Options!;
        Assert.Equal(0, options.HttpsPort);
        Assert.Equal(0, options.TcpTlsPort);
        Assert.Equal(server.CertPath, options.CertificatePath);
        Assert.Equal(server.KeyPath, options.CertificateKeyPath);
        Assert.Equal(_pki.CaPath, options.ClientCertificateAuthoritiesPath);
        Assert.True(options.ServesTls);
        Assert.False(new StubOptions().ServesTls);
    }

    [Fact]
    public void TlsPortWithoutCertificate_IsAnError()
    {
        Assert.Equal(
            ["Options '--https-port' and '--tcp-tls-port' need '--certificate' and '--certificate-key'."],
            StubOptionsParser.Parse(["--tcp-tls-port", "0", "--certificate", _pki.Server().CertPath]).Errors);
    }

    [Fact]
    public void CertificateWithoutTlsPort_IsAnError()
    {
        Assert.Equal(
            ["Options '--certificate', '--certificate-key' and '--client-certificate-authorities' need '--https-port' or '--tcp-tls-port'."],
            StubOptionsParser.Parse(["--client-certificate-authorities", _pki.CaPath]).Errors);
    }

    [Fact]
    public void MissingFiles_AreEachAnError()
    {
        var missing = Path.Combine(_pki.Folder, "missing.pem");

        Assert.Equal(
            [
                $"Option '--certificate': no file '{missing}'.",
                $"Option '--certificate-key': no file '{missing}'.",
                "Options '--https-port' and '--tcp-tls-port' need '--certificate' and '--certificate-key'.",
            ],
            StubOptionsParser.Parse(["--https-port", "0", "--certificate", missing, "--certificate-key", missing]).Errors);
    }

    [Fact]
    public void SameNonZeroPortForTwoListeners_IsAnError()
    {
        var server = _pki.Server();

        Assert.Equal(
            ["Options '--http-port' and '--https-port' use the same port 9443.", "Options '--tcp-port' and '--tcp-tls-port' use the same port 9808."],
            StubOptionsParser.Parse(
                [
                    "--http-port", "9443", "--https-port", "9443", "--tcp-port", "9808", "--tcp-tls-port", "9808",
                    "--certificate", server.CertPath, "--certificate-key", server.KeyPath,
                ]).Errors);
    }

    [Fact]
    public void Help_ListsTheTlsOptions()
    {
        foreach (var option in new[] { "--https-port", "--tcp-tls-port", "--certificate", "--certificate-key", "--client-certificate-authorities" })
        {
            Assert.Contains(option, StubOptionsParser.HelpText, StringComparison.Ordinal);
        }
    }
}
