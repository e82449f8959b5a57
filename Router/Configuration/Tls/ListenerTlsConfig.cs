namespace SoapRouter.Configuration;

/// <summary>
/// TLS on a listener (https, or net.tcp with transport security) or on the admin endpoint: the server certificate, more
/// certificates by SNI host name, the protocols, whether clients must present certificates and which authorities they
/// must chain to. Listeners sharing a host:port share one TLS setup, so their sections must be equal.
/// </summary>
public sealed record ListenerTlsConfig
{
    /// <summary>Default of <see cref="HandshakeTimeout"/>.</summary>
    public static readonly TimeSpan DefaultHandshakeTimeout = TimeSpan.FromSeconds(10);

    /// <summary>The certificate served when the client names no host (or one without an <see cref="Sni"/> entry).</summary>
    public CertificateConfig? Certificate { get; init; }

    /// <summary>More certificates, by the host name a client asks for in its handshake (SNI); <c>*.example</c> matches one label.</summary>
    public IReadOnlyDictionary<string, CertificateConfig> Sni { get; init; } = new Dictionary<string, CertificateConfig>();

    /// <summary>Protocols offered: <c>Tls12</c>, <c>Tls13</c> (both by default). TLS 1.0 and 1.1 are refused by the checker.</summary>
    public IReadOnlyList<string> Protocols { get; init; } = [TlsNames.Tls12, TlsNames.Tls13];

    /// <summary>
    /// The cipher suites offered, by IANA name, in the server's order; null (the default): .NET's own on Linux, forward
    /// secret only, with TLS session resumption. A list turns resumption off and costs handshake rate (see docs/tls.md).
    /// </summary>
    public IReadOnlyList<string>? CipherSuites { get; init; }

    /// <summary><c>NoCertificate</c> (default), <c>AllowCertificate</c> or <c>RequireCertificate</c>.</summary>
    public string ClientCertificateMode { get; init; } = TlsNames.NoCertificate;

    /// <summary>PEM bundle of the authorities client certificates must chain to (only these; never the system store). Required when certificates are asked for.</summary>
    public string? ClientCertificateAuthorities { get; init; }

    /// <summary>Check client certificates for revocation (online: CRL or OCSP). Off by default.</summary>
    public bool CheckCertificateRevocation { get; init; }

    /// <summary>A connection whose handshake is not done within this is closed.</summary>
    public TimeSpan HandshakeTimeout { get; init; } = DefaultHandshakeTimeout;

    /// <summary>Warn when a certificate of this section expires within this; null: <c>tls.expiryWarning</c>.</summary>
    public TimeSpan? ExpiryWarning { get; init; }

    /// <summary>True when clients are asked for a certificate.</summary>
    [System.Text.Json.Serialization.JsonIgnore]
    public bool AsksForClientCertificates => !string.Equals(ClientCertificateMode, TlsNames.NoCertificate, StringComparison.OrdinalIgnoreCase);

    /// <summary>True when a client without a certificate fails the handshake (RequireCertificate, any letter case).</summary>
    [System.Text.Json.Serialization.JsonIgnore]
    public bool RequiresClientCertificates => string.Equals(ClientCertificateMode, TlsNames.RequireCertificate, StringComparison.OrdinalIgnoreCase);

    /// <inheritdoc />
    public bool Equals(ListenerTlsConfig? other) =>
        other is not null
        && Certificate == other.Certificate
        && Sni.Count == other.Sni.Count
        && Sni.All(entry => other.Sni.TryGetValue(entry.Key, out var certificate) && certificate == entry.Value)
        && Protocols.SequenceEqual(other.Protocols, StringComparer.OrdinalIgnoreCase)
        && (CipherSuites ?? []).SequenceEqual(other.CipherSuites ?? [], StringComparer.Ordinal)
        && string.Equals(ClientCertificateMode, other.ClientCertificateMode, StringComparison.OrdinalIgnoreCase)
        && string.Equals(ClientCertificateAuthorities, other.ClientCertificateAuthorities, StringComparison.Ordinal)
        && CheckCertificateRevocation == other.CheckCertificateRevocation
        && HandshakeTimeout == other.HandshakeTimeout
        && ExpiryWarning == other.ExpiryWarning;

    /// <inheritdoc />
    public override int GetHashCode() => HashCode.Combine(Certificate, Sni.Count, ClientCertificateMode, ClientCertificateAuthorities, HandshakeTimeout);
}
