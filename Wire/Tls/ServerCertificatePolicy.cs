using System.Net.Security;
using System.Security.Cryptography.X509Certificates;

namespace SoapRouter.Wire.Tls;

/// <summary>
/// How a TLS client checks a server's certificate: against the given authorities only (a private CA), or the system's
/// when none are given, with the host name checked by the TLS stack (the SslPolicyErrors it reports); or not at all when
/// told to skip (tests only). Used by the router toward its destinations and by the tools toward the router.
/// </summary>
public sealed class ServerCertificatePolicy
{
    private readonly X509Certificate2Collection? _authorities;

    /// <summary>Checks against <paramref name="authorities"/> (null: the system's store); <paramref name="skipVerify"/> accepts anything.</summary>
    public ServerCertificatePolicy(X509Certificate2Collection? authorities, bool skipVerify = false)
    {
        _authorities = authorities is { Count: > 0 } ? authorities : null;
        SkipVerify = skipVerify;
    }

    /// <summary>True when nothing is checked.</summary>
    public bool SkipVerify { get; }

    /// <summary>
    /// True when <paramref name="certificate"/> is acceptable given what the TLS stack found (<paramref name="errors"/>:
    /// the name check, and the system's chain check, which is replaced by ours when authorities were given). Otherwise
    /// <paramref name="problem"/> says why in one sentence safe to log.
    /// </summary>
    public bool Validate(X509Certificate? certificate, SslPolicyErrors errors, out string? problem)
    {
        problem = null;
        if (SkipVerify)
        {
            return true;
        }

        if (certificate is null || (errors & SslPolicyErrors.RemoteCertificateNotAvailable) != 0)
        {
            problem = "the server sent no certificate";
            return false;
        }

        if ((errors & SslPolicyErrors.RemoteCertificateNameMismatch) != 0)
        {
            problem = NameMismatch(certificate, null);
            return false;
        }

        if (_authorities is null)
        {
            if ((errors & SslPolicyErrors.RemoteCertificateChainErrors) != 0)
            {
                problem = $"the certificate ({certificate.Subject}) does not chain to an authority this system trusts";
                return false;
            }

            return true;
        }

        var typed = certificate as X509Certificate2;
        using var loaded = typed is null ? X509CertificateLoader.LoadCertificate(certificate.GetRawCertData()) : null;
        return ValidateChain(typed ?? loaded!, out problem);
    }

    /// <summary>
    /// The chain half of <see cref="Validate(X509Certificate?, SslPolicyErrors, out string?)"/>, for a TLS stack that
    /// checks the name itself and hands over only the certificate (WCF's net.tcp upgrade: its endpoint identity does
    /// the name): the authorities given, or the system's.
    /// </summary>
    public bool ValidateChain(X509Certificate2 certificate, out string? problem)
    {
        ArgumentNullException.ThrowIfNull(certificate);
        problem = null;
        if (SkipVerify)
        {
            return true;
        }

        using var chain = new X509Chain();
        chain.ChainPolicy.RevocationMode = X509RevocationMode.NoCheck;
        if (_authorities is not null)
        {
            chain.ChainPolicy.TrustMode = X509ChainTrustMode.CustomRootTrust;
            chain.ChainPolicy.CustomTrustStore.AddRange(_authorities);
        }

        if (chain.Build(certificate))
        {
            return true;
        }

        problem = _authorities is null
            ? $"the certificate ({certificate.Subject}) does not chain to an authority this system trusts: {ChainStatus(chain)}"
            : $"the certificate ({certificate.Subject}) does not chain to the trusted authorities: {ChainStatus(chain)}";
        return false;
    }

    /// <summary>
    /// The chain and the name, for a TLS stack that hands over only the certificate and checks no name (WCF's HTTPS with
    /// a custom validator ignores the TLS stack's name check): the certificate must carry <paramref name="serverName"/>
    /// (a DNS name, wildcards allowed, or an IP address; the common name only when there are no alternative names, as SslStream) and chain as <see cref="ValidateChain"/> says.
    /// </summary>
    public bool Validate(X509Certificate2 certificate, string serverName, out string? problem)
    {
        ArgumentNullException.ThrowIfNull(certificate);
        ArgumentException.ThrowIfNullOrEmpty(serverName);
        problem = null;
        if (SkipVerify)
        {
            return true;
        }

        if (!certificate.MatchesHostname(serverName))
        {
            problem = NameMismatch(certificate, serverName);
            return false;
        }

        return ValidateChain(certificate, out problem);
    }

    private static string NameMismatch(X509Certificate certificate, string? serverName) => serverName is null
        ? $"the certificate ({certificate.Subject}) is not for the name asked for"
        : $"the certificate ({certificate.Subject}) is not for the name asked for ('{serverName}')";

    /// <summary>The chain's problems, named ("UntrustedRoot, NotTimeValid").</summary>
    internal static string ChainStatus(X509Chain chain)
    {
        var names = new List<string>();
        foreach (var status in chain.ChainStatus)
        {
            var name = status.Status.ToString();
            if (!names.Contains(name))
            {
                names.Add(name);
            }
        }

        return names.Count == 0 ? "not trusted" : string.Join(", ", names);
    }
}
