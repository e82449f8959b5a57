using System.IdentityModel.Selectors;
using System.Net.Security;
using System.Security.Cryptography.X509Certificates;
using System.ServiceModel.Security;

namespace SoapRouter.Tests.Support;

/// <summary>
/// A WCF certificate validator that trusts one test CA and nothing else (a real chain check, not accept-any): the
/// certificate must chain to <see cref="TestPki.Ca"/> and be valid now. What a stock WCF client is given to check the
/// router's (or the stub's) server certificate in the tests.
/// </summary>
internal sealed class TestCaValidator(X509Certificate2 ca) : X509CertificateValidator
{
    /// <summary>How many certificates were checked (a test can tell the validator really ran).</summary>
    public int Validated => Volatile.Read(ref _validated);

    private int _validated;

    /// <inheritdoc />
    public override void Validate(X509Certificate2 certificate)
    {
        ArgumentNullException.ThrowIfNull(certificate);
        Interlocked.Increment(ref _validated);
        if (!Chains(certificate, ca, out var status))
        {
            throw new System.IdentityModel.Tokens.SecurityTokenValidationException("The certificate does not chain to the test CA: " + status);
        }
    }

    /// <summary>Sets <paramref name="authentication"/> to check server certificates against <paramref name="ca"/> only.</summary>
    public static TestCaValidator Use(X509ServiceCertificateAuthentication authentication, X509Certificate2 ca)
    {
        ArgumentNullException.ThrowIfNull(authentication);
        var validator = new TestCaValidator(ca);
        authentication.CertificateValidationMode = X509CertificateValidationMode.Custom;
        authentication.CustomCertificateValidator = validator;
        authentication.RevocationMode = X509RevocationMode.NoCheck;
        return validator;
    }

    /// <summary>An HttpClient callback with the same rule (plus the host name check SslStream did).</summary>
    public static Func<HttpRequestMessage, X509Certificate2?, X509Chain?, SslPolicyErrors, bool> HttpCallback(X509Certificate2 ca) =>
        (_, certificate, _, errors) => certificate is not null
            && (errors & SslPolicyErrors.RemoteCertificateNameMismatch) == 0
            && Chains(certificate, ca, out _);

    /// <summary>True when <paramref name="certificate"/> chains to <paramref name="ca"/> alone and is valid now.</summary>
    public static bool Chains(X509Certificate2 certificate, X509Certificate2 ca, out string status)
    {
        using var chain = new X509Chain();
        chain.ChainPolicy.TrustMode = X509ChainTrustMode.CustomRootTrust;
        chain.ChainPolicy.CustomTrustStore.Add(ca);
        chain.ChainPolicy.RevocationMode = X509RevocationMode.NoCheck;
        var ok = chain.Build(certificate);
        status = string.Join(", ", chain.ChainStatus.Select(s => s.Status));
        return ok;
    }
}
