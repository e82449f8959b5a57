namespace SoapRouter.Configuration;

/// <summary>
/// TLS toward an https:// or net.tcp:// destination: which authorities its certificate must chain to, the router's own
/// client certificate, the name to check (and send as SNI) when the address is an IP, and an explicit opt-out of checking.
/// </summary>
public sealed record DestinationTlsConfig
{
    /// <summary>PEM bundle of the authorities the destination's certificate must chain to; null: the system store.</summary>
    public string? TrustedAuthorities { get; init; }

    /// <summary>The certificate the router presents to the destination; null: none.</summary>
    public CertificateConfig? ClientCertificate { get; init; }

    /// <summary>The name the certificate must carry (and the SNI sent); null: the address's host.</summary>
    public string? ServerName { get; init; }

    /// <summary>Accept any certificate. For tests only: logged as a warning at every start and reload.</summary>
    public bool InsecureSkipVerify { get; init; }

    /// <summary>Warn when <see cref="ClientCertificate"/> expires within this; null: <c>tls.expiryWarning</c>.</summary>
    public TimeSpan? ExpiryWarning { get; init; }
}
