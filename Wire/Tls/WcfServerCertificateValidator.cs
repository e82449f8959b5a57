using System.IdentityModel.Selectors;
using System.Security.Cryptography.X509Certificates;
using System.ServiceModel.Description;
using System.ServiceModel.Security;

namespace SoapRouter.Wire.Tls;

/// <summary>
/// A WCF client's check of the server certificate, on every handshake (net.tcp's TLS upgrade, and HTTPS, where WCF
/// calls it in place of the TLS stack's own check): <c>check</c> returns null to accept, or one sentence saying why not,
/// which WCF receives as a <see cref="System.IdentityModel.Tokens.SecurityTokenValidationException"/> (a failed open or call).
/// </summary>
public sealed class WcfServerCertificateValidator : X509CertificateValidator
{
    private readonly Func<X509Certificate2, string?> _check;

    /// <summary>Checks every server certificate with <paramref name="check"/>.</summary>
    public WcfServerCertificateValidator(Func<X509Certificate2, string?> check)
    {
        ArgumentNullException.ThrowIfNull(check);
        _check = check;
    }

    /// <inheritdoc />
    public override void Validate(X509Certificate2 certificate)
    {
        ArgumentNullException.ThrowIfNull(certificate);
        if (_check(certificate) is { } problem)
        {
            throw new System.IdentityModel.Tokens.SecurityTokenValidationException(problem);
        }
    }

    /// <summary>
    /// Makes <paramref name="credentials"/> (a channel factory's, or one passed among a binding's parameters) check server
    /// certificates with this validator alone (no revocation lookups), and present <paramref name="clientCertificate"/> when given.
    /// </summary>
    public void ApplyTo(ClientCredentials credentials, X509Certificate2? clientCertificate)
    {
        ArgumentNullException.ThrowIfNull(credentials);
        credentials.ServiceCertificate.SslCertificateAuthentication = new X509ServiceCertificateAuthentication
        {
            CertificateValidationMode = X509CertificateValidationMode.Custom,
            CustomCertificateValidator = this,
            RevocationMode = X509RevocationMode.NoCheck,
        };
        credentials.ClientCertificate.Certificate = clientCertificate;
    }
}
