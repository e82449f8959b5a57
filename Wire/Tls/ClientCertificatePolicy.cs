using System.Security.Cryptography;
using System.Security.Cryptography.X509Certificates;

namespace SoapRouter.Wire.Tls;

/// <summary>
/// Which client certificates a TLS server accepts: whether one is asked for, and that a presented one chains to the
/// configured authorities alone, is valid now (by the injected clock), is not revoked when revocation is checked, and
/// is meant for client authentication. Pure logic: no I/O unless revocation is checked online.
/// </summary>
public sealed class ClientCertificatePolicy
{
    /// <summary>The clientAuth extended key usage (RFC 5280, id-kp-clientAuth).</summary>
    public const string ClientAuthenticationOid = "1.3.6.1.5.5.7.3.2";

    private readonly X509Certificate2Collection _authorities;
    private readonly TimeProvider _time;

    /// <summary>
    /// A policy in <paramref name="mode"/> trusting only <paramref name="authorities"/> (their certificates are used,
    /// not copied: keep them alive as long as the policy). With <paramref name="checkRevocation"/>, revocation is
    /// checked online; <paramref name="time"/> is the clock validity is judged by (default: the system clock).
    /// </summary>
    public ClientCertificatePolicy(ClientCertificateMode mode, X509Certificate2Collection authorities, bool checkRevocation = false, TimeProvider? time = null)
    {
        ArgumentNullException.ThrowIfNull(authorities);
        if (!Enum.IsDefined(mode))
        {
            throw new ArgumentOutOfRangeException(nameof(mode), mode, "Unknown client certificate mode.");
        }

        Mode = mode;
        _authorities = authorities;
        CheckRevocation = checkRevocation;
        _time = time ?? TimeProvider.System;
    }

    /// <summary>Whether a certificate is asked for and required.</summary>
    public ClientCertificateMode Mode { get; }

    /// <summary>True when revocation is checked (online) for every presented certificate.</summary>
    public bool CheckRevocation { get; }

    /// <summary>
    /// True when <paramref name="certificate"/> is acceptable (null: the client sent none); otherwise false and
    /// <paramref name="problem"/> says why in a short sentence safe to log.
    /// </summary>
    public bool Validate(X509Certificate2? certificate, out string? problem) => Validate(certificate, intermediates: null, out problem);

    /// <summary>
    /// As <see cref="Validate(X509Certificate2?, out string?)"/>, with the intermediate certificates the client sent
    /// (<paramref name="intermediates"/>) available to build the chain; they are never trusted as roots.
    /// </summary>
    public bool Validate(X509Certificate2? certificate, X509Certificate2Collection? intermediates, out string? problem)
    {
        if (certificate is null)
        {
            problem = Mode == ClientCertificateMode.RequireCertificate ? "no client certificate" : null;
            return problem is null;
        }

        var now = _time.GetUtcNow();
        problem = now < certificate.NotBefore.ToUniversalTime() ? "the client certificate is not valid yet"
            : now > certificate.NotAfter.ToUniversalTime() ? "the client certificate has expired"
            : UsageProblem(certificate) ?? ChainProblem(certificate, intermediates, now);
        return problem is null;
    }

    /// <summary>
    /// Strict at the edge: a certificate must say it is for client authentication. RFC 5280 lets a certificate without
    /// the extension be used for anything, but a partner's server certificate (serverAuth only) or a CA's own must not
    /// open a client connection, and neither should a certificate that makes no claim at all.
    /// </summary>
    private static string? UsageProblem(X509Certificate2 certificate)
    {
        foreach (var extension in certificate.Extensions)
        {
            if (extension is X509EnhancedKeyUsageExtension usage)
            {
                foreach (var oid in usage.EnhancedKeyUsages)
                {
                    if (oid.Value == ClientAuthenticationOid)
                    {
                        return null;
                    }
                }

                return "the client certificate is not for client authentication (no clientAuth usage)";
            }
        }

        return "the client certificate has no extended key usage (clientAuth is required)";
    }

    private string? ChainProblem(X509Certificate2 certificate, X509Certificate2Collection? intermediates, DateTimeOffset now)
    {
        using var chain = new X509Chain();
        var policy = chain.ChainPolicy;
        policy.TrustMode = X509ChainTrustMode.CustomRootTrust;
        policy.CustomTrustStore.AddRange(_authorities);
        if (intermediates is not null)
        {
            policy.ExtraStore.AddRange(intermediates);
        }

        policy.RevocationMode = CheckRevocation ? X509RevocationMode.Online : X509RevocationMode.NoCheck;
        policy.RevocationFlag = X509RevocationFlag.ExcludeRoot;
        policy.VerificationTime = now.UtcDateTime;
        policy.VerificationTimeIgnored = false;
        policy.ApplicationPolicy.Add(new Oid(ClientAuthenticationOid));
        try
        {
            return chain.Build(certificate) ? null : Describe(chain.ChainStatus);
        }
        catch (CryptographicException)
        {
            // A certificate the platform cannot parse into a chain at all.
            return "the client certificate chain could not be built";
        }
        finally
        {
            foreach (var element in chain.ChainElements)
            {
                element.Certificate.Dispose();
            }
        }
    }

    /// <summary>The first problem of the chain in a fixed sentence (the platform's status text is not logged).</summary>
    private static string Describe(X509ChainStatus[] statuses)
    {
        var flags = X509ChainStatusFlags.NoError;
        foreach (var status in statuses)
        {
            flags |= status.Status;
        }

        return flags switch
        {
            _ when (flags & (X509ChainStatusFlags.UntrustedRoot | X509ChainStatusFlags.PartialChain)) != 0 =>
                "the client certificate is not issued by a trusted authority",
            _ when (flags & X509ChainStatusFlags.Revoked) != 0 => "the client certificate is revoked",
            _ when (flags & (X509ChainStatusFlags.RevocationStatusUnknown | X509ChainStatusFlags.OfflineRevocation)) != 0 =>
                "the client certificate's revocation status is unknown",
            _ when (flags & X509ChainStatusFlags.NotTimeValid) != 0 => "a certificate in the client's chain is outside its validity period",
            _ when (flags & X509ChainStatusFlags.NotValidForUsage) != 0 => "the client certificate chain is not valid for client authentication",
            _ when (flags & X509ChainStatusFlags.NotSignatureValid) != 0 => "the client certificate's signature is not valid",
            _ => "the client certificate chain is not valid",
        };
    }
}
