using System.Net;
using System.Security.Cryptography;
using System.Security.Cryptography.X509Certificates;

namespace SoapRouter.Tests.Support;

/// <summary>
/// A test certificate authority made by the test itself (never a committed key): a self-signed CA and the server and
/// client certificates it signs, each written as PEM (certificate, PKCS#8 key) and PKCS#12 files into a temp folder the
/// PKI deletes on dispose. Keys are ECDSA P-256 unless RSA is asked for (faster to make).
/// </summary>
internal sealed class TestPki : IDisposable
{
    /// <summary>The clientAuth extended key usage.</summary>
    public const string ClientAuthOid = "1.3.6.1.5.5.7.3.2";

    /// <summary>The serverAuth extended key usage.</summary>
    public const string ServerAuthOid = "1.3.6.1.5.5.7.3.1";

    private readonly TempDirectory _folder = new();
    private readonly ECDsa _caKey;
    private int _serial = 1;

    /// <summary>A new CA named <paramref name="name"/>, valid from a year ago for ten years.</summary>
    public TestPki(string name = "Router Test CA")
    {
        _caKey = ECDsa.Create(ECCurve.NamedCurves.nistP256);
        var request = new CertificateRequest("CN=" + name, _caKey, HashAlgorithmName.SHA256);
        request.CertificateExtensions.Add(new X509BasicConstraintsExtension(true, false, 0, true));
        request.CertificateExtensions.Add(new X509KeyUsageExtension(X509KeyUsageFlags.KeyCertSign | X509KeyUsageFlags.CrlSign, true));
        request.CertificateExtensions.Add(new X509SubjectKeyIdentifierExtension(request.PublicKey, false));
        // From a year back, so expired and not-yet-valid certificates can be issued under it.
        Ca = request.CreateSelfSigned(DateTimeOffset.UtcNow.AddYears(-1), DateTimeOffset.UtcNow.AddYears(10));
        CaPath = _folder.File(Safe(name) + "-ca.pem");
        File.WriteAllText(CaPath, Ca.ExportCertificatePem() + "\n");
    }

    /// <summary>The CA's certificate (with its key).</summary>
    public X509Certificate2 Ca { get; }

    /// <summary>The CA's certificate as a PEM file (a CA bundle of one).</summary>
    public string CaPath { get; }

    /// <summary>The folder the files are written to.</summary>
    public string Folder => _folder.Path;

    /// <summary>
    /// A server certificate for localhost and 127.0.0.1 (plus <paramref name="dnsNames"/>), serverAuth usage, valid from a
    /// day ago until <paramref name="notAfter"/> (a year by default).
    /// </summary>
    public TestCertificate Server(
        string commonName = "localhost", IEnumerable<string>? dnsNames = null, DateTimeOffset? notAfter = null, bool rsa = false, DateTimeOffset? notBefore = null) =>
        Issue(commonName, ["localhost", .. dnsNames ?? []], [IPAddress.Loopback], [ServerAuthOid], notBefore, notAfter, rsa);

    /// <summary>
    /// A client certificate named <paramref name="commonName"/> with clientAuth usage (or <paramref name="usages"/>: an
    /// empty list makes one without the extension), a DNS SAN per <paramref name="dnsNames"/>.
    /// </summary>
    public TestCertificate Client(
        string commonName, IEnumerable<string>? dnsNames = null, DateTimeOffset? notAfter = null, IReadOnlyList<string>? usages = null, DateTimeOffset? notBefore = null) =>
        Issue(commonName, [.. dnsNames ?? []], [], usages ?? [ClientAuthOid], notBefore, notAfter, rsa: false);

    /// <summary>Signs a certificate with the given names and usages; written as PEM and PFX (password "test").</summary>
    public TestCertificate Issue(
        string commonName,
        IReadOnlyList<string> dnsNames,
        IReadOnlyList<IPAddress> addresses,
        IReadOnlyList<string> usages,
        DateTimeOffset? notBefore,
        DateTimeOffset? notAfter,
        bool rsa,
        IReadOnlyList<Uri>? uris = null)
    {
        using AsymmetricAlgorithm key = rsa ? RSA.Create(2048) : ECDsa.Create(ECCurve.NamedCurves.nistP256);
        var request = key is RSA rsaKey
            ? new CertificateRequest("CN=" + commonName, rsaKey, HashAlgorithmName.SHA256, RSASignaturePadding.Pkcs1)
            : new CertificateRequest("CN=" + commonName, (ECDsa)key, HashAlgorithmName.SHA256);
        request.CertificateExtensions.Add(new X509BasicConstraintsExtension(false, false, 0, true));
        request.CertificateExtensions.Add(new X509KeyUsageExtension(
            rsa ? X509KeyUsageFlags.DigitalSignature | X509KeyUsageFlags.KeyEncipherment : X509KeyUsageFlags.DigitalSignature, true));
        if (usages.Count > 0)
        {
            var oids = new OidCollection();
            foreach (var usage in usages)
            {
                oids.Add(new Oid(usage));
            }

            request.CertificateExtensions.Add(new X509EnhancedKeyUsageExtension(oids, false));
        }

        if (dnsNames.Count > 0 || addresses.Count > 0 || uris is { Count: > 0 })
        {
            var san = new SubjectAlternativeNameBuilder();
            foreach (var uri in uris ?? [])
            {
                san.AddUri(uri);
            }

            foreach (var name in dnsNames)
            {
                san.AddDnsName(name);
            }

            foreach (var address in addresses)
            {
                san.AddIpAddress(address);
            }

            request.CertificateExtensions.Add(san.Build());
        }

        request.CertificateExtensions.Add(new X509SubjectKeyIdentifierExtension(request.PublicKey, false));
        request.CertificateExtensions.Add(X509AuthorityKeyIdentifierExtension.CreateFromCertificate(Ca, true, false));

        var serial = BitConverter.GetBytes(Interlocked.Increment(ref _serial) + Environment.TickCount64);
        var from = notBefore ?? DateTimeOffset.UtcNow.AddDays(-1);
        var until = notAfter ?? DateTimeOffset.UtcNow.AddYears(1);
        // The CA's key is ECDSA: an RSA request is signed through a generator (Create(issuer, ...) refuses mixed algorithms).
        using var signed = key is RSA
            ? request.Create(Ca.SubjectName, X509SignatureGenerator.CreateForECDsa(_caKey), from, until, serial)
            : request.Create(Ca, from, until, serial);
        var withKey = key is RSA r ? signed.CopyWithPrivateKey(r) : signed.CopyWithPrivateKey((ECDsa)key);

        var stem = _folder.File($"{Safe(commonName)}-{serial[0]:x2}{serial[1]:x2}{serial[2]:x2}");
        var certPath = stem + ".crt";
        var keyPath = stem + ".key";
        var pfxPath = stem + ".pfx";
        File.WriteAllText(certPath, withKey.ExportCertificatePem() + "\n");
        File.WriteAllText(keyPath, key.ExportPkcs8PrivateKeyPem() + "\n");
        File.WriteAllBytes(pfxPath, withKey.Export(X509ContentType.Pkcs12, PfxPassword));

        // Reloaded from PKCS#12 so the key is usable by SslStream on every platform (an ephemeral key is not, on Windows).
        var usable = X509CertificateLoader.LoadPkcs12(withKey.Export(X509ContentType.Pkcs12), null);
        withKey.Dispose();
        return new TestCertificate(usable, certPath, keyPath, pfxPath);
    }

    /// <summary>The password of every PFX file written.</summary>
    public const string PfxPassword = "test";

    /// <inheritdoc />
    public void Dispose()
    {
        _caKey.Dispose();
        Ca.Dispose();
        _folder.Dispose();
    }

    private static string Safe(string name) => string.Concat(name.Select(c => char.IsLetterOrDigit(c) ? c : '-'));
}

/// <summary>A certificate with its private key, and the files it was written to.</summary>
/// <param name="Certificate">The certificate with its private key.</param>
/// <param name="CertPath">PEM certificate.</param>
/// <param name="KeyPath">PEM PKCS#8 private key.</param>
/// <param name="PfxPath">PKCS#12 with the key, password <see cref="TestPki.PfxPassword"/>.</param>
internal sealed record TestCertificate(X509Certificate2 Certificate, string CertPath, string KeyPath, string PfxPath)
{
    /// <summary>The SHA-1 thumbprint, upper-case hex.</summary>
    public string Thumbprint => Certificate.Thumbprint;
}
