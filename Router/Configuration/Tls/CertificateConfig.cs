namespace SoapRouter.Configuration;

/// <summary>
/// A certificate with its private key, as Kestrel users configure one: a PEM certificate (leaf first, intermediates
/// after it) with a PEM key, or a PKCS#12 file with its password. Relative paths are read from router.json's folder.
/// </summary>
public sealed record CertificateConfig
{
    /// <summary>The PEM certificate file, or the PKCS#12 (.pfx/.p12) file.</summary>
    public string Path { get; init; } = "";

    /// <summary>The PEM private key file (PKCS#8, or an encrypted PKCS#8 with <see cref="Password"/>); null for PKCS#12.</summary>
    public string? KeyPath { get; init; }

    /// <summary>The PKCS#12 password or the encrypted key's: a value, or <c>env:NAME</c> to read it from the environment. Never logged.</summary>
    public string? Password { get; init; }

    /// <summary>True when the certificate is a PKCS#12 file (no separate key file).</summary>
    [System.Text.Json.Serialization.JsonIgnore]
    public bool IsPkcs12 => KeyPath is null;

    /// <summary>Never prints the password: records print every property, and a config may end up in a log.</summary>
    public override string ToString() => KeyPath is null ? Path : Path + " + " + KeyPath;
}
