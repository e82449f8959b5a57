using System.Net;
using System.Security.Cryptography.X509Certificates;
using SoapRouter.Tls;

namespace SoapRouter.Compression;

/// <summary>
/// Who a client is, for its link estimate: its certificate's SHA-256 thumbprint when it presented one (a partner
/// behind a NAT or a moving address is still one peer), else its address.
/// </summary>
internal readonly record struct PeerKey(IPAddress? Address, string? Certificate)
{
    /// <summary>The key of a client with <paramref name="certificate"/> (may be null) connecting from <paramref name="address"/>.</summary>
    public static PeerKey Of(IPAddress? address, X509Certificate2? certificate) =>
        certificate is null ? new PeerKey(address, null) : new PeerKey(null, CertificateIdentity.Of(certificate).Sha256);

    /// <inheritdoc />
    public override string ToString() => Certificate is { } thumbprint ? "cert:" + thumbprint : Address?.ToString() ?? "unknown";
}
