using System.Security.Cryptography;
using SoapRouter.Tests.Support;
using SoapRouter.Tls;

namespace SoapRouter.Tests.Tls;

public sealed class CertificateIdentityTests : IDisposable
{
    private readonly TestPki _pki = new();

    [Fact]
    public void ForwardedHeader_IsEnvoysShape_HashSubjectUriDns()
    {
        var certificate = _pki.Issue(
            "partner-a", ["partner-a.example", "api.partner-a.example"], [], [TestPki.ClientAuthOid], null, null, rsa: false, uris: [new Uri("spiffe://partners/a")]).Certificate;
        var hash = certificate.GetCertHashString(HashAlgorithmName.SHA256).ToLowerInvariant();

        Assert.Equal(
            $"Hash={hash};Subject=\"CN=partner-a\";URI=spiffe://partners/a;DNS=partner-a.example;DNS=api.partner-a.example",
            CertificateIdentity.Of(certificate).ForwardedHeader);
    }

    [Fact]
    public void ForwardedHeader_QuotesAndEncodesWhatAHeaderCannotCarry()
    {
        var certificate = _pki.Issue("Müller \"the\" partner", [], [], [TestPki.ClientAuthOid], null, null, rsa: false).Certificate;

        var header = CertificateIdentity.Of(certificate).ForwardedHeader;

        Assert.Equal("Subject=\"CN=\\\"M%C3%BCller \\\"\\\"the\\\"\\\" partner\\\"\"", header[header.IndexOf("Subject", StringComparison.Ordinal)..]);
        Assert.All(header, c => Assert.InRange(c, ' ', '~'));
    }

    public void Dispose() => _pki.Dispose();
}
