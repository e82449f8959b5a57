using Microsoft.Extensions.Logging.Abstractions;
using SoapRouter.Configuration;
using SoapRouter.Telemetry;
using SoapRouter.Tests.Support;
using SoapRouter.Tls;

namespace SoapRouter.Tests.Tls;

public sealed class ListenerTlsTests : IDisposable
{
    private readonly TestPki _pki = new();

    private static CertificateConfig Pem(TestCertificate certificate) => new() { Path = certificate.CertPath, KeyPath = certificate.KeyPath };

    [Fact]
    public void CertificateFor_ExactNameThenOneLabelWildcardThenTheDefault()
    {
        var fallback = _pki.Server();
        var exact = _pki.Server("partner-a.example", dnsNames: ["partner-a.example"]);
        var wildcard = _pki.Server("partners.example", dnsNames: ["*.partners.example"]);
        using var certificates = new TlsCertificates(TimeProvider.System, NullLogger<TlsCertificates>.Instance);
        using var failures = new TlsHandshakeFailureLog("listener secure", NullLogger.Instance, TimeProvider.System);
        var tls = ListenerTls.Create(
            "listener secure",
            new ListenerTlsConfig
            {
                Certificate = Pem(fallback),
                Sni = new Dictionary<string, CertificateConfig> { ["partner-a.example"] = Pem(exact), ["*.partners.example"] = Pem(wildcard) },
            },
            certificates,
            new RouterStatistics(),
            failures);

        Assert.Equal(exact.Thumbprint, tls.Options.CertificateFor("PARTNER-A.example").TargetCertificate.Thumbprint);
        Assert.Equal(wildcard.Thumbprint, tls.Options.CertificateFor("b.partners.example").TargetCertificate.Thumbprint);
        Assert.Equal(fallback.Thumbprint, tls.Options.CertificateFor("a.b.partners.example").TargetCertificate.Thumbprint);
        Assert.Equal(fallback.Thumbprint, tls.Options.CertificateFor(null).TargetCertificate.Thumbprint);
        Assert.Equal(fallback.Thumbprint, tls.Options.CertificateFor("other.example").TargetCertificate.Thumbprint);
        Assert.Equal(3, certificates.All.Count);
        Assert.Contains(certificates.All, c => c.Name == "listener secure sni *.partners.example");
    }

    public void Dispose() => _pki.Dispose();
}
