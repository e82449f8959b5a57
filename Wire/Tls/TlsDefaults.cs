using System.Net.Security;
using System.Security.Authentication;

namespace SoapRouter.Wire.Tls;

/// <summary>
/// TLS settings an auditor accepts at the edge: TLS 1.2 and 1.3 only; no renegotiation; no TLS compression. The cipher
/// suites are .NET's own on Linux unless a list is given: forward-secret only (ECDHE key exchange; AES-GCM,
/// ChaCha20-Poly1305 and AES-CBC with SHA-256/384 on TLS 1.2), in the server's order (.NET always sets OpenSSL's server
/// preference and no-compression options: dotnet/runtime, pal_ssl.c). Giving a list (a
/// <see cref="CipherSuitesPolicy"/>) has a price: .NET then builds a new OpenSSL context for every handshake and cannot
/// resume TLS sessions (dotnet/runtime, Interop.OpenSsl.AllocateSslHandle caches contexts only without a policy), which
/// cost the router about two thirds of its handshake rate (BENCHMARKS.md, TLS termination).
/// </summary>
public static class TlsDefaults
{
    /// <summary>TLS 1.2 and TLS 1.3; never SSL 3, TLS 1.0 or 1.1.</summary>
    public const SslProtocols Protocols = SslProtocols.Tls12 | SslProtocols.Tls13;

    /// <summary>How long a handshake (from the connection's first byte) may take.</summary>
    public static TimeSpan HandshakeTimeout { get; } = TimeSpan.FromSeconds(10);

    /// <summary>
    /// An AEAD-only list, most preferred first, for operators whose audit refuses CBC even with ECDHE: the three TLS 1.3
    /// suites (they must be listed for OpenSSL to offer them once a list is set), then the TLS 1.2 ECDHE suites with
    /// AES-GCM or ChaCha20-Poly1305, ECDSA keys before RSA. Not the default: see the class's remarks for its cost.
    /// </summary>
    public static IReadOnlyList<TlsCipherSuite> AeadOnlySuites { get; } =
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

    /// <summary>True for a suite with forward secrecy: every TLS 1.3 suite, and the TLS 1.2 ECDHE and DHE ones.</summary>
    public static bool IsForwardSecret(TlsCipherSuite suite)
    {
        var name = suite.ToString();
        return name.StartsWith("TLS_ECDHE_", StringComparison.Ordinal) || name.StartsWith("TLS_DHE_", StringComparison.Ordinal)
            || suite is TlsCipherSuite.TLS_AES_128_GCM_SHA256 or TlsCipherSuite.TLS_AES_256_GCM_SHA384 or TlsCipherSuite.TLS_CHACHA20_POLY1305_SHA256
                or TlsCipherSuite.TLS_AES_128_CCM_SHA256 or TlsCipherSuite.TLS_AES_128_CCM_8_SHA256;
    }
}
