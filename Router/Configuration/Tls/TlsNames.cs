using System.Net.Security;
using System.Security.Authentication;

namespace SoapRouter.Configuration;

/// <summary>The words router.json uses for TLS protocols and client certificate modes, and what they mean.</summary>
public static class TlsNames
{
    /// <summary>TLS 1.2.</summary>
    public const string Tls12 = "Tls12";

    /// <summary>TLS 1.3.</summary>
    public const string Tls13 = "Tls13";

    /// <summary>Clients are not asked for a certificate.</summary>
    public const string NoCertificate = "NoCertificate";

    /// <summary>Clients may present a certificate; one that is presented must be valid.</summary>
    public const string AllowCertificate = "AllowCertificate";

    /// <summary>Clients must present a valid certificate.</summary>
    public const string RequireCertificate = "RequireCertificate";

    /// <summary>The client certificate modes.</summary>
    public static IReadOnlyList<string> ClientCertificateModes { get; } = [NoCertificate, AllowCertificate, RequireCertificate];

    /// <summary>The protocols accepted.</summary>
    public static IReadOnlyList<string> Protocols { get; } = [Tls12, Tls13];

    /// <summary>Names of protocols that exist but are refused (broken or deprecated: RFC 8996).</summary>
    public static IReadOnlyList<string> RefusedProtocols { get; } = ["Ssl2", "Ssl3", "Tls", "Tls10", "Tls11"];

    /// <summary>The protocols of a validated list, as flags.</summary>
    public static SslProtocols ToSslProtocols(IEnumerable<string> names)
    {
        ArgumentNullException.ThrowIfNull(names);
        // Named on purpose rather than None ("whatever the OS allows"): operators and auditors ask for exact versions.
#pragma warning disable CA5397
        var protocols = SslProtocols.None;
        foreach (var name in names)
        {
            protocols |= string.Equals(name, Tls13, StringComparison.OrdinalIgnoreCase) ? SslProtocols.Tls13
                : string.Equals(name, Tls12, StringComparison.OrdinalIgnoreCase) ? SslProtocols.Tls12
                : SslProtocols.None;
        }

#pragma warning restore CA5397
        return protocols;
    }

    /// <summary>The suite <paramref name="name"/> (an IANA name, e.g. TLS_AES_256_GCM_SHA384), or null when .NET does not know it.</summary>
    public static TlsCipherSuite? CipherSuite(string name) =>
        name.StartsWith("TLS_", StringComparison.Ordinal) && Enum.TryParse<TlsCipherSuite>(name, ignoreCase: false, out var suite) ? suite : null;

    /// <summary>The cipher suites of a validated list as a policy (null: the platform's defaults).</summary>
    [System.Runtime.Versioning.UnsupportedOSPlatform("windows")]
    public static CipherSuitesPolicy? ToPolicy(IReadOnlyList<string>? names) =>
        names is null ? null : new CipherSuitesPolicy(names.Select(name => CipherSuite(name)!.Value));

    /// <summary>The canonical spelling of a client certificate mode (any case), or null when unknown.</summary>
    public static string? ClientCertificateMode(string? value) =>
        ClientCertificateModes.FirstOrDefault(mode => string.Equals(mode, value, StringComparison.OrdinalIgnoreCase));
}
