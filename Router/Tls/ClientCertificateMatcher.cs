using System.Security.Cryptography.X509Certificates;
using SoapRouter.Configuration;

namespace SoapRouter.Tls;

/// <summary>
/// A route's <c>allowedClientCertificates</c>, built once per config: whether a caller's certificate is admitted. A rule
/// admits a certificate that matches every property it gives; the route admits one that some rule admits. No
/// certificate is never admitted.
/// </summary>
/// <param name="rules">The validated rules.</param>
internal sealed class ClientCertificateMatcher(IReadOnlyList<ClientCertificateRule> rules)
{
    private readonly Rule[] _rules = rules.Select(static rule => new Rule(
        rule.Subject is { } subject ? DistinguishedName.TryParse(subject) : null,
        rule.Thumbprint is { } thumbprint ? NormalizeThumbprint(thumbprint) : null,
        rule.San)).ToArray();

    /// <summary>True when <paramref name="certificate"/> is present and some rule admits it.</summary>
    public bool Admits(X509Certificate2? certificate)
    {
        if (certificate is null)
        {
            return false;
        }

        var identity = CertificateIdentity.Of(certificate);
        foreach (var rule in _rules)
        {
            if (rule.Admits(identity))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>Upper-case hex digits of <paramref name="thumbprint"/> with colons, spaces and dashes removed; null if another character is in it.</summary>
    public static string? NormalizeThumbprint(string thumbprint)
    {
        ArgumentNullException.ThrowIfNull(thumbprint);
        var digits = new System.Text.StringBuilder(thumbprint.Length);
        foreach (var c in thumbprint)
        {
            if (char.IsAsciiHexDigit(c))
            {
                digits.Append(char.ToUpperInvariant(c));
            }
            else if (c is not (':' or ' ' or '-'))
            {
                return null;
            }
        }

        return digits.ToString();
    }

    private sealed record Rule(IReadOnlyList<string>? Subject, string? Thumbprint, string? San)
    {
        public bool Admits(CertificateIdentity identity) =>
            (Subject is null || Subject.SequenceEqual(identity.SubjectAttributes, StringComparer.Ordinal))
            && (Thumbprint is null || Thumbprint == identity.Sha1 || Thumbprint == identity.Sha256)
            && (San is null || Lists(identity.DnsNames, San) || Lists(identity.Uris, San));

        private static bool Lists(IReadOnlyList<string> names, string name)
        {
            foreach (var candidate in names)
            {
                if (string.Equals(candidate, name, StringComparison.OrdinalIgnoreCase))
                {
                    return true;
                }
            }

            return false;
        }
    }
}
