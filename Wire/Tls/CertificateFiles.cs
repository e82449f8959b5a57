using System.Security.Cryptography;
using System.Security.Cryptography.X509Certificates;

namespace SoapRouter.Wire.Tls;

/// <summary>
/// Reads certificates as Kestrel users keep them: a PEM certificate (leaf first, then intermediates) with a PEM private
/// key (PKCS#8, PKCS#1 or SEC1; an encrypted PKCS#8 one with a password), or a PKCS#12 file with its password. Every
/// problem is a value: one sentence naming the file, for the config checker and the reload log. Cold path.
/// </summary>
public static class CertificateFiles
{
    private const string ServerAuthOid = "1.3.6.1.5.5.7.3.1";
    private const string ClientAuthOid = "1.3.6.1.5.5.7.3.2";

    /// <summary>
    /// Loads the certificate at <paramref name="path"/> with its key: from <paramref name="keyPath"/> (PEM) or, when that is
    /// null, from the PKCS#12 file itself. The certificate must be valid at <paramref name="now"/> and usable for
    /// <paramref name="usage"/>. <paramref name="password"/> is the resolved secret, never echoed in <paramref name="error"/>.
    /// </summary>
    public static bool TryLoad(
        string path, string? keyPath, string? password, CertificateUsage usage, DateTimeOffset now, out LoadedCertificate? certificate, out string? error)
    {
        ArgumentNullException.ThrowIfNull(path);
        certificate = null;
        if (!Readable(path, out error) || (keyPath is not null && !Readable(keyPath, out error)))
        {
            return false;
        }

        var loaded = keyPath is null ? LoadPkcs12(path, password, out error) : LoadPem(path, keyPath, password, out error);
        if (loaded is null)
        {
            return false;
        }

        if (Problem(loaded.Leaf, usage, now) is { } problem)
        {
            error = $"the certificate in '{path}' ({loaded.Leaf.Subject}) {problem}";
            return false;
        }

        certificate = loaded;
        return true;
    }

    /// <summary>Loads a PEM bundle of authorities (one certificate or more, no key).</summary>
    public static bool TryLoadAuthorities(string path, out X509Certificate2Collection? authorities, out string? error)
    {
        ArgumentNullException.ThrowIfNull(path);
        authorities = null;
        if (!Readable(path, out error))
        {
            return false;
        }

        authorities = ReadPemCertificates(path, out error);
        return authorities is not null;
    }

    /// <summary>Every PEM certificate in <paramref name="path"/>, in file order; null (and why) when there is none or the file is not PEM.</summary>
    private static X509Certificate2Collection? ReadPemCertificates(string path, out string? error)
    {
        error = null;
        var certificates = new X509Certificate2Collection();
        try
        {
            certificates.ImportFromPemFile(path);
        }
        catch (CryptographicException)
        {
            error = $"'{path}' is not a PEM certificate file";
            return null;
        }

        if (certificates.Count == 0)
        {
            error = $"'{path}' holds no PEM certificate (-----BEGIN CERTIFICATE-----)";
            return null;
        }

        return certificates;
    }

    private static LoadedCertificate? LoadPem(string path, string keyPath, string? password, out string? error)
    {
        if (ReadPemCertificates(path, out error) is not { } chain)
        {
            return null;
        }

        X509Certificate2 leaf;
        try
        {
            leaf = password is null
                ? X509Certificate2.CreateFromPemFile(path, keyPath)
                : X509Certificate2.CreateFromEncryptedPemFile(path, password, keyPath);
        }
        catch (ArgumentException)
        {
            // CopyWithPrivateKey's refusal: the key is a valid one, of another certificate.
            error = $"the key in '{keyPath}' does not match the certificate in '{path}'";
            return null;
        }
        catch (CryptographicException)
        {
            error = password is null
                ? $"'{keyPath}' holds no usable private key for the certificate in '{path}' (PEM PKCS#8, PKCS#1 or SEC1; an encrypted key needs its password)"
                : $"'{keyPath}' holds no private key that the password opens for the certificate in '{path}'";
            return null;
        }

        chain.RemoveAt(0);
        return new LoadedCertificate(leaf, chain);
    }

    private static LoadedCertificate? LoadPkcs12(string path, string? password, out string? error)
    {
        error = null;
        X509Certificate2Collection all;
        try
        {
            all = X509CertificateLoader.LoadPkcs12CollectionFromFile(path, password);
        }
        catch (CryptographicException)
        {
            error = password is null
                ? $"'{path}' is not a PKCS#12 file that opens without a password (a PEM certificate needs keyPath)"
                : $"'{path}' cannot be opened with the password given (wrong password, or not a PKCS#12 file)";
            return null;
        }

        X509Certificate2? leaf = null;
        var intermediates = new X509Certificate2Collection();
        foreach (var certificate in all)
        {
            if (leaf is null && certificate.HasPrivateKey)
            {
                leaf = certificate;
            }
            else
            {
                intermediates.Add(certificate);
            }
        }

        if (leaf is null)
        {
            error = $"'{path}' holds no certificate with a private key";
            return null;
        }

        return new LoadedCertificate(leaf, intermediates);
    }

    private static bool Readable(string path, out string? error)
    {
        error = null;
        try
        {
            using var stream = File.OpenRead(path);
            return true;
        }
        catch (FileNotFoundException)
        {
            error = $"'{path}' does not exist";
        }
        catch (DirectoryNotFoundException)
        {
            error = $"'{path}' does not exist";
        }
        catch (UnauthorizedAccessException)
        {
            error = $"'{path}' cannot be read (permission denied)";
        }
        catch (IOException ex)
        {
            error = $"'{path}' cannot be read ({ex.GetType().Name})";
        }

        return false;
    }

    /// <summary>What makes <paramref name="leaf"/> unusable now for <paramref name="usage"/>, or null.</summary>
    private static string? Problem(X509Certificate2 leaf, CertificateUsage usage, DateTimeOffset now)
    {
        var notAfter = new DateTimeOffset(leaf.NotAfter.ToUniversalTime());
        var notBefore = new DateTimeOffset(leaf.NotBefore.ToUniversalTime());
        if (now > notAfter)
        {
            return $"expired on {notAfter:yyyy-MM-dd HH:mm} UTC";
        }

        if (now < notBefore)
        {
            return $"is not valid until {notBefore:yyyy-MM-dd HH:mm} UTC";
        }

        var needed = usage == CertificateUsage.Server ? ServerAuthOid : ClientAuthOid;
        foreach (var extension in leaf.Extensions)
        {
            if (extension is X509EnhancedKeyUsageExtension usages && !Lists(usages, needed))
            {
                return usage == CertificateUsage.Server
                    ? "cannot serve TLS: its extended key usage does not list serverAuth"
                    : "cannot authenticate a TLS client: its extended key usage does not list clientAuth";
            }
        }

        return null;
    }

    private static bool Lists(X509EnhancedKeyUsageExtension usages, string oid)
    {
        foreach (var usage in usages.EnhancedKeyUsages)
        {
            if (usage.Value == oid)
            {
                return true;
            }
        }

        return false;
    }
}
