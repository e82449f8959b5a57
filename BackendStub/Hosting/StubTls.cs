using System.Net.Security;
using System.Security.Cryptography;
using System.Security.Cryptography.X509Certificates;
using SoapRouter.Wire.Errors;
using SoapRouter.Wire.Tls;

namespace BackendStub.Hosting;

/// <summary>
/// The stub's TLS settings from its PEM files: the server certificate with its key (and any intermediates after it in
/// the certificate file), and, with a client certificate authority bundle, client certificates required on both TLS
/// ports. A file that cannot be read is bad configuration: an <see cref="IOException"/> with one clear sentence.
/// </summary>
internal static class StubTls
{
    /// <summary>The TLS server options the stub's options describe (only call when <see cref="StubOptions.ServesTls"/>).</summary>
    public static TlsServerOptions Load(StubOptions options)
    {
        ArgumentNullException.ThrowIfNull(options);
        var context = LoadServerCertificate(options.CertificatePath!, options.CertificateKeyPath!);
        var clients = options.ClientCertificateAuthoritiesPath is { } authorities
            ? new ClientCertificatePolicy(ClientCertificateMode.RequireCertificate, LoadAuthorities(authorities))
            : null;
        return new TlsServerOptions { CertificateFor = _ => context, ClientCertificates = clients };
    }

    private static SslStreamCertificateContext LoadServerCertificate(string certificatePath, string keyPath)
    {
        try
        {
            var certificate = X509Certificate2.CreateFromPemFile(certificatePath, keyPath);
            var chain = new X509Certificate2Collection();
            chain.ImportFromPemFile(certificatePath);
            chain.RemoveAt(0);

            // Offline: the chain is what the file holds; nothing is fetched.
            return SslStreamCertificateContext.Create(certificate, chain, offline: true);
        }
        catch (Exception ex) when (ex is CryptographicException or ArgumentException)
        {
            throw new IOException($"'{certificatePath}' and '{keyPath}' are not a PEM certificate and its private key.", ex);
        }
        catch (Exception ex) when (ErrorClassifier.IsFileAccessFailure(ex))
        {
            throw new IOException($"cannot read the certificate '{certificatePath}' or its key '{keyPath}'.", ex);
        }
    }

    private static X509Certificate2Collection LoadAuthorities(string path)
    {
        var authorities = new X509Certificate2Collection();
        try
        {
            authorities.ImportFromPemFile(path);
        }
        catch (Exception ex) when (ex is CryptographicException or IOException or UnauthorizedAccessException)
        {
            throw new IOException($"cannot read the client certificate authorities '{path}' as PEM certificates.", ex);
        }

        return authorities.Count > 0 ? authorities : throw new IOException($"'{path}' holds no PEM certificate (client certificate authorities).");
    }
}
