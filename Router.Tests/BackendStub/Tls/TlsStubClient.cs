using System.Security.Cryptography.X509Certificates;
using System.ServiceModel;
using System.ServiceModel.Security;
using SoapRouter.Tests.BackendStub.Wcf;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Encoding;

namespace SoapRouter.Tests.BackendStub.Tls;

/// <summary>
/// A stock WCF client over TLS (the wire library's secure client binding) that checks the server certificate against
/// the test CA only, and presents <c>clientCertificate</c> when given.
/// </summary>
internal static class TlsStubClient
{
    /// <summary>The most any call in these tests may take: a refusal must be an exception, never a hang.</summary>
    public static readonly TimeSpan CallBound = TimeSpan.FromSeconds(20);

    public static StubWcfClient<TContract> Create<TContract>(
        WireBinding binding, Uri address, TestPki pki, out TestCaValidator validator, X509Certificate2? clientCertificate = null)
        where TContract : class
    {
        var security = clientCertificate is null ? WireTransportSecurity.Transport : WireTransportSecurity.TransportWithClientCertificate;
        TestCaValidator? used = null;
        var client = StubWcfClient<TContract>.Create(
            binding.CreateClientBinding(WireLimits.ForSize(8 << 20), security: security),
            address,
            configure: factory => used = Trust(factory, pki, clientCertificate));
        validator = used!;
        return client;
    }

    /// <summary>Makes <paramref name="factory"/> check the server certificate against the test CA only, and present <paramref name="clientCertificate"/>.</summary>
    public static TestCaValidator Trust(ChannelFactory factory, TestPki pki, X509Certificate2? clientCertificate)
    {
        // WCF leaves the SSL authentication settings unset until someone asks for them.
        var service = factory.Credentials.ServiceCertificate;
        service.SslCertificateAuthentication ??= new X509ServiceCertificateAuthentication();
        factory.Credentials.ClientCertificate.Certificate = clientCertificate;
        return TestCaValidator.Use(service.SslCertificateAuthentication, pki.Ca);
    }
}
