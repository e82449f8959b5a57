using System.Security.Cryptography.X509Certificates;

namespace SoapRouter.Wire.Tls;

/// <summary>A certificate with its private key, and the intermediate certificates that came with it (sent in the handshake).</summary>
public sealed class LoadedCertificate
{
    /// <summary>Wraps <paramref name="leaf"/> (with its key) and <paramref name="intermediates"/>.</summary>
    public LoadedCertificate(X509Certificate2 leaf, X509Certificate2Collection intermediates)
    {
        ArgumentNullException.ThrowIfNull(leaf);
        ArgumentNullException.ThrowIfNull(intermediates);
        Leaf = leaf;
        Intermediates = intermediates;
    }

    /// <summary>The certificate itself, with its private key.</summary>
    public X509Certificate2 Leaf { get; }

    /// <summary>Certificates between the leaf and its root, as found in the file; may be empty.</summary>
    public X509Certificate2Collection Intermediates { get; }

    /// <summary>When the leaf expires.</summary>
    public DateTimeOffset NotAfter => new(Leaf.NotAfter.ToUniversalTime());

    /// <summary>The leaf's subject, SHA-256 thumbprint and expiry, for logs (never the key).</summary>
    public string Describe() =>
        $"{Leaf.Subject} (SHA-256 {Leaf.GetCertHashString(System.Security.Cryptography.HashAlgorithmName.SHA256)}, expires {NotAfter:yyyy-MM-dd HH:mm} UTC)";
}
