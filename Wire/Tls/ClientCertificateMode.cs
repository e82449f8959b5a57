namespace SoapRouter.Wire.Tls;

/// <summary>Whether a TLS server asks its clients for a certificate (the names are Kestrel's, so configuration reads the same).</summary>
public enum ClientCertificateMode
{
    /// <summary>No certificate is asked for.</summary>
    NoCertificate,

    /// <summary>A certificate is asked for; a client without one is served, a client with one must present a valid one.</summary>
    AllowCertificate,

    /// <summary>A valid certificate is required; a client without one is refused.</summary>
    RequireCertificate,
}
