using System.IdentityModel.Selectors;
using System.ServiceModel;
using System.ServiceModel.Security;
using System.Security.Cryptography.X509Certificates;
using LoadClient.Envelopes;
using Samples.Contracts;
using SoapRouter.Fuzz.Generation;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Fuzz.Running;

/// <summary>
/// The check after every batch: a real System.ServiceModel client (<c>ChannelFactory&lt;IEchoService&gt;</c>) calls
/// Echo through the listener the batch went to, on that listener's binding; null when the echo came back.
/// </summary>
internal static class NormalClient
{
    /// <summary>Calls Echo through the listener of <paramref name="target"/>; null when it worked, else why not.</summary>
    public static async Task<string?> CheckAsync(FuzzTarget target, FuzzEndpoints endpoints)
    {
        var (binding, address, security) = target.Kind switch
        {
            FuzzTargetKind.BasicHttp => (WireBindings.BasicHttp, endpoints.BasicHttp, WireTransportSecurity.None),
            FuzzTargetKind.Soap12Http => (WireBindings.Soap12Http, endpoints.Soap12Http, WireTransportSecurity.None),
            FuzzTargetKind.NetTcp => (WireBindings.NetTcp, endpoints.NetTcp, WireTransportSecurity.None),
            FuzzTargetKind.NetTcpTls => (WireBindings.NetTcp, endpoints.NetTcpTls, WireTransportSecurity.Transport),
            _ => (WireBindings.BinaryHttp, endpoints.BinaryHttp, WireTransportSecurity.None),
        };
        // The run's certificate names localhost (and 127.0.0.1 as an IP address, which WCF's DNS identity check does not read).
        var endpoint = security == WireTransportSecurity.None ? new EndpointAddress(address) : new EndpointAddress(address, new DnsEndpointIdentity("localhost"));
        var factory = new ChannelFactory<IEchoService>(binding.CreateClientBinding(ClientLimits.Unbounded, security: security), endpoint);
        if (security != WireTransportSecurity.None)
        {
            // The fuzz run's certificate is made for the run; what is checked here is that the router still serves.
            factory.Credentials.ServiceCertificate.SslCertificateAuthentication = new X509ServiceCertificateAuthentication
            {
                CertificateValidationMode = X509CertificateValidationMode.Custom,
                CustomCertificateValidator = new AnyCertificate(),
                RevocationMode = X509RevocationMode.NoCheck,
            };
        }

        try
        {
            var channel = factory.CreateChannel();
            var sent = new EchoPayload { Text = "still serving", Blob = [1, 2, 3] };
            var echoed = await channel.EchoAsync(sent).WaitAsync(TimeSpan.FromSeconds(20)).ConfigureAwait(false);
            ((ICommunicationObject)channel).Close();
            return echoed.Text == sent.Text ? null : "the echo came back different";
        }
        catch (Exception ex) when (ex is CommunicationException or TimeoutException)
        {
            return $"{ex.GetType().Name}: {ex.Message}";
        }
        finally
        {
            factory.Abort();
        }
    }

    private sealed class AnyCertificate : X509CertificateValidator
    {
        public override void Validate(X509Certificate2 certificate)
        {
        }
    }
}
