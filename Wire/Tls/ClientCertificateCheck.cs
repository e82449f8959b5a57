using System.Net.Security;
using System.Security.Cryptography.X509Certificates;

namespace SoapRouter.Wire.Tls;

/// <summary>
/// One handshake's client certificate check: runs the <see cref="ClientCertificatePolicy"/> from SslStream's validation
/// callback and remembers a refusal, so the failed handshake is reported as a client certificate problem rather than
/// a protocol one. SslStream's own chain errors are not consulted: the policy builds its own chain against the
/// configured authorities only.
/// </summary>
internal sealed class ClientCertificateCheck(ClientCertificatePolicy? policy)
{
    /// <summary>Why the certificate was refused; null while nothing was refused.</summary>
    public string? Refusal { get; private set; }

    /// <summary>The callback for <see cref="SslServerAuthenticationOptions.RemoteCertificateValidationCallback"/>.</summary>
    public bool Validate(object sender, X509Certificate? certificate, X509Chain? chain, SslPolicyErrors errors)
    {
        if (policy is null)
        {
            return true;
        }

        // SslStream hands over an X509Certificate2 on every platform .NET runs on; the conversion is for anything else.
        X509Certificate2? presented = certificate as X509Certificate2;
        using var converted = presented is null && certificate is not null ? X509CertificateLoader.LoadCertificate(certificate.GetRawCertData()) : null;
        if (policy.Validate(presented ?? converted, chain?.ChainPolicy.ExtraStore, out var problem))
        {
            return true;
        }

        Refusal = problem;
        return false;
    }
}
