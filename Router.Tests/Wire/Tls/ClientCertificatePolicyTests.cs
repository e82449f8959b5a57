using System.Security.Cryptography;
using System.Security.Cryptography.X509Certificates;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Tls;

namespace SoapRouter.Tests.Wire.Tls;

/// <summary>ClientCertificatePolicy with certificates from a test CA: what is accepted at the edge and why the rest is not.</summary>
public sealed class ClientCertificatePolicyTests : IDisposable
{
    private readonly TestPki _pki = new();
    private readonly TestPki _otherPki = new("Other Test CA");

    public void Dispose()
    {
        _pki.Dispose();
        _otherPki.Dispose();
    }

    [Fact]
    public void ClientCertificateFromTheAuthority_IsAccepted()
    {
        var policy = Require();

        Assert.True(policy.Validate(_pki.Client("partner-a").Certificate, out var problem));
        Assert.Null(problem);
    }

    [Fact]
    public void ClientCertificateFromAnotherAuthority_IsRefused()
    {
        Assert.False(Require().Validate(_otherPki.Client("partner-a").Certificate, out var problem));
        Assert.Equal("the client certificate is not issued by a trusted authority", problem);
    }

    [Fact]
    public void ExpiredClientCertificate_IsRefused()
    {
        var expired = _pki.Client("partner-a", notBefore: DateTimeOffset.UtcNow.AddHours(-20), notAfter: DateTimeOffset.UtcNow.AddHours(-1));

        Assert.False(Require().Validate(expired.Certificate, out var problem));
        Assert.Equal("the client certificate has expired", problem);
    }

    [Fact]
    public void ClientCertificateNotValidYet_IsRefused()
    {
        var early = _pki.Client("partner-a", notBefore: DateTimeOffset.UtcNow.AddDays(1), notAfter: DateTimeOffset.UtcNow.AddDays(30));

        Assert.False(Require().Validate(early.Certificate, out var problem));
        Assert.Equal("the client certificate is not valid yet", problem);
    }

    [Fact]
    public void Validity_IsJudgedByTheInjectedClock()
    {
        var later = new FakeTimeProvider(DateTimeOffset.UtcNow.AddYears(2));
        var policy = new ClientCertificatePolicy(ClientCertificateMode.RequireCertificate, [_pki.Ca], time: later);

        Assert.False(policy.Validate(_pki.Client("partner-a").Certificate, out var problem));
        Assert.Equal("the client certificate has expired", problem);
    }

    [Fact]
    public void ServerAuthenticationOnlyCertificate_IsRefused()
    {
        var server = _pki.Client("partner-a", usages: [TestPki.ServerAuthOid]);

        Assert.False(Require().Validate(server.Certificate, out var problem));
        Assert.Equal("the client certificate is not for client authentication (no clientAuth usage)", problem);
    }

    [Fact]
    public void CertificateWithoutExtendedKeyUsage_IsRefused()
    {
        var bare = _pki.Client("partner-a", usages: []);

        Assert.False(Require().Validate(bare.Certificate, out var problem));
        Assert.Equal("the client certificate has no extended key usage (clientAuth is required)", problem);
    }

    [Fact]
    public void NoCertificate_IsAcceptedWhenAllowed_AndRefusedWhenRequired()
    {
        var allow = new ClientCertificatePolicy(ClientCertificateMode.AllowCertificate, [_pki.Ca]);

        Assert.True(allow.Validate(null, out var allowed));
        Assert.Null(allowed);
        Assert.False(Require().Validate(null, out var required));
        Assert.Equal("no client certificate", required);
    }

    [Fact]
    public void PresentedCertificate_IsJudgedWhenOnlyAllowed()
    {
        var allow = new ClientCertificatePolicy(ClientCertificateMode.AllowCertificate, [_pki.Ca]);

        Assert.False(allow.Validate(_otherPki.Client("partner-a").Certificate, out var problem));
        Assert.NotNull(problem);
    }

    [Fact]
    public void IntermediateSentByTheClient_CompletesTheChain_ButIsNeverTrustedAsARoot()
    {
        using var partnerCa = PartnerCa();
        using var client = IssueUnder(partnerCa, "partner-b");
        using var intermediate = X509CertificateLoader.LoadCertificate(partnerCa.RawData);

        Assert.True(Require().Validate(client, [intermediate], out var problem), problem);
        Assert.False(Require().Validate(client, out _));
        var trustingAnotherRoot = new ClientCertificatePolicy(ClientCertificateMode.RequireCertificate, [_otherPki.Ca]);
        Assert.False(trustingAnotherRoot.Validate(client, [intermediate], out _));
    }

    private ClientCertificatePolicy Require() => new(ClientCertificateMode.RequireCertificate, [_pki.Ca]);

    /// <summary>An issuing CA under the test root, with its key: a partner's own CA.</summary>
    private X509Certificate2 PartnerCa()
    {
        using var key = ECDsa.Create(ECCurve.NamedCurves.nistP256);
        var request = new CertificateRequest("CN=Partner CA", key, HashAlgorithmName.SHA256);
        request.CertificateExtensions.Add(new X509BasicConstraintsExtension(true, false, 0, true));
        request.CertificateExtensions.Add(new X509KeyUsageExtension(X509KeyUsageFlags.KeyCertSign, true));
        request.CertificateExtensions.Add(new X509SubjectKeyIdentifierExtension(request.PublicKey, false));
        request.CertificateExtensions.Add(X509AuthorityKeyIdentifierExtension.CreateFromCertificate(_pki.Ca, true, false));
        using var signed = request.Create(_pki.Ca, DateTimeOffset.UtcNow.AddDays(-1), DateTimeOffset.UtcNow.AddYears(1), [7, 7, 7, 7]);
        return signed.CopyWithPrivateKey(key);
    }

    private static X509Certificate2 IssueUnder(X509Certificate2 ca, string name)
    {
        using var key = ECDsa.Create(ECCurve.NamedCurves.nistP256);
        var request = new CertificateRequest("CN=" + name, key, HashAlgorithmName.SHA256);
        request.CertificateExtensions.Add(new X509BasicConstraintsExtension(false, false, 0, true));
        request.CertificateExtensions.Add(new X509EnhancedKeyUsageExtension([new Oid(TestPki.ClientAuthOid)], false));
        request.CertificateExtensions.Add(X509AuthorityKeyIdentifierExtension.CreateFromCertificate(ca, true, false));
        using var signed = request.Create(ca, DateTimeOffset.UtcNow.AddDays(-1), DateTimeOffset.UtcNow.AddMonths(6), [8, 8, 8, 8]);
        return signed.CopyWithPrivateKey(key);
    }
}
