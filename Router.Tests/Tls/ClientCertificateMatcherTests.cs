using System.Security.Cryptography;
using SoapRouter.Configuration;
using SoapRouter.Tests.Support;
using SoapRouter.Tls;

namespace SoapRouter.Tests.Tls;

public sealed class ClientCertificateMatcherTests : IDisposable
{
    private readonly TestPki _pki = new();

    [Fact]
    public void Admits_SubjectWrittenInAnotherOrderAndCase_Matches()
    {
        var certificate = _pki.Issue("partner-a", [], [], [TestPki.ClientAuthOid], null, null, rsa: false).Certificate;

        Assert.True(Matcher(new ClientCertificateRule { Subject = "cn=PARTNER-A" }).Admits(certificate));
        Assert.False(Matcher(new ClientCertificateRule { Subject = "CN=partner-b" }).Admits(certificate));
        Assert.False(Matcher(new ClientCertificateRule { Subject = "CN=partner-a, O=Other" }).Admits(certificate));
    }

    [Fact]
    public void Admits_Sha1OrSha256ThumbprintInAnySpelling_Matches()
    {
        var certificate = _pki.Client("partner-a").Certificate;
        var sha256 = certificate.GetCertHashString(HashAlgorithmName.SHA256);
        var colons = string.Join(':', Enumerable.Range(0, sha256.Length / 2).Select(i => sha256.Substring(i * 2, 2).ToLowerInvariant()));

        Assert.True(Matcher(new ClientCertificateRule { Thumbprint = certificate.Thumbprint.ToLowerInvariant() }).Admits(certificate));
        Assert.True(Matcher(new ClientCertificateRule { Thumbprint = colons }).Admits(certificate));
        Assert.False(Matcher(new ClientCertificateRule { Thumbprint = _pki.Client("partner-b").Thumbprint }).Admits(certificate));
    }

    [Fact]
    public void Admits_DnsOrUriSubjectAlternativeName_Matches()
    {
        var certificate = _pki.Issue(
            "partner-a", ["partner-a.example"], [], [TestPki.ClientAuthOid], null, null, rsa: false, uris: [new Uri("spiffe://partners/a")]).Certificate;

        Assert.True(Matcher(new ClientCertificateRule { San = "PARTNER-A.example" }).Admits(certificate));
        Assert.True(Matcher(new ClientCertificateRule { San = "spiffe://partners/a" }).Admits(certificate));
        Assert.False(Matcher(new ClientCertificateRule { San = "partner-b.example" }).Admits(certificate));
        Assert.Equal(["partner-a.example"], CertificateIdentity.Of(certificate).DnsNames);
        Assert.Equal(["spiffe://partners/a"], CertificateIdentity.Of(certificate).Uris);
    }

    [Fact]
    public void Admits_RuleWithTwoProperties_NeedsBoth_AndAnyRuleOfTheListWillDo()
    {
        var certificate = _pki.Client("partner-a", dnsNames: ["partner-a.example"]).Certificate;

        Assert.False(Matcher(new ClientCertificateRule { Subject = "CN=partner-a", San = "partner-b.example" }).Admits(certificate));
        Assert.True(Matcher(
            new ClientCertificateRule { Subject = "CN=partner-a", San = "partner-b.example" },
            new ClientCertificateRule { San = "partner-a.example" }).Admits(certificate));
    }

    [Fact]
    public void Admits_NoCertificate_IsNeverAdmitted() =>
        Assert.False(Matcher(new ClientCertificateRule { Subject = "CN=partner-a" }).Admits(null));

    [Theory]
    [InlineData("ab:cd ef-01", "ABCDEF01")]
    [InlineData("xyz", null)]
    public void NormalizeThumbprint_DropsSeparators_RefusesOtherCharacters(string input, string? expected) =>
        Assert.Equal(expected, ClientCertificateMatcher.NormalizeThumbprint(input));

    public void Dispose() => _pki.Dispose();

    private static ClientCertificateMatcher Matcher(params ClientCertificateRule[] rules) => new(rules);
}
