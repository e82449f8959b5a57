using System.Net.Security;
using System.Security.Authentication;

namespace SoapRouter.Wire.Tls;

/// <summary>
/// TLS settings an auditor accepts at the edge: TLS 1.2 and 1.3 only; on TLS 1.2 only forward-secret AEAD suites
/// (ECDHE key exchange, AES-GCM or ChaCha20-Poly1305); no renegotiation; no TLS compression. .NET on Linux always sets
/// OpenSSL's server cipher preference and no-compression options (dotnet/runtime, pal_ssl.c, CryptoNative_SslCtxCreate),
/// so <see cref="CipherSuiteOrder"/> is the order suites are chosen in.
/// </summary>
public static class TlsDefaults
{
    /// <summary>TLS 1.2 and TLS 1.3; never SSL 3, TLS 1.0 or 1.1.</summary>
    public const SslProtocols Protocols = SslProtocols.Tls12 | SslProtocols.Tls13;

    /// <summary>How long a handshake (from the connection's first byte) may take.</summary>
    public static TimeSpan HandshakeTimeout { get; } = TimeSpan.FromSeconds(10);

    /// <summary>
    /// The suites allowed, most preferred first: the three TLS 1.3 suites (they must be listed for OpenSSL to offer them
    /// once a policy is set), then the TLS 1.2 ECDHE suites with AEAD ciphers, ECDSA keys before RSA.
    /// </summary>
    public static IReadOnlyList<TlsCipherSuite> CipherSuiteOrder { get; } =
    [
        TlsCipherSuite.TLS_AES_256_GCM_SHA384,
        TlsCipherSuite.TLS_AES_128_GCM_SHA256,
        TlsCipherSuite.TLS_CHACHA20_POLY1305_SHA256,
        TlsCipherSuite.TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384,
        TlsCipherSuite.TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256,
        TlsCipherSuite.TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256,
        TlsCipherSuite.TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384,
        TlsCipherSuite.TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256,
        TlsCipherSuite.TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256,
    ];

    /// <summary>
    /// <see cref="CipherSuiteOrder"/> as a policy, built once; null where .NET cannot restrict suites (it can on Linux,
    /// the platform the router ships on), and the operating system's own defaults apply there.
    /// </summary>
    public static CipherSuitesPolicy? CipherSuites { get; } = OperatingSystem.IsLinux() ? new CipherSuitesPolicy(CipherSuiteOrder) : null;
}
