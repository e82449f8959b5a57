namespace SoapRouter.Wire.Tls;

/// <summary>What a certificate is loaded for: its extended key usage, when it has one, must allow that.</summary>
public enum CertificateUsage
{
    /// <summary>A TLS server's certificate (serverAuth).</summary>
    Server,

    /// <summary>A TLS client's certificate (clientAuth).</summary>
    Client,
}
