using System.Security.Cryptography.X509Certificates;

namespace SoapRouter.Tests.Support;

public sealed class TestPkiTests
{
    [Fact]
    public void Server_ChainsToItsCa_WithKeyAndFiles()
    {
        using var pki = new TestPki();
        var server = pki.Server();
        Assert.True(server.Certificate.HasPrivateKey);
        Assert.True(TestCaValidator.Chains(server.Certificate, pki.Ca, out var status), status);
        var fromPem = X509Certificate2.CreateFromPemFile(server.CertPath, server.KeyPath);
        Assert.Equal(server.Thumbprint, fromPem.Thumbprint);
        Assert.True(fromPem.HasPrivateKey);
        Assert.Equal(server.Thumbprint, X509CertificateLoader.LoadPkcs12FromFile(server.PfxPath, TestPki.PfxPassword).Thumbprint);
    }

    [Fact]
    public void Client_OfAnotherCa_DoesNotChain()
    {
        using var pki = new TestPki();
        using var other = new TestPki("Other CA");
        Assert.False(TestCaValidator.Chains(other.Client("partner-b").Certificate, pki.Ca, out _));
        Assert.True(TestCaValidator.Chains(pki.Client("partner-a").Certificate, pki.Ca, out _));
    }
}
