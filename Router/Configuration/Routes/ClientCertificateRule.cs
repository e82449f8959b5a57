namespace SoapRouter.Configuration;

/// <summary>
/// One entry of routes[].allowedClientCertificates: the caller's certificate is admitted when it matches every property
/// given (one is required): the subject's distinguished name, the SHA-1 or SHA-256 thumbprint, or a DNS or URI subject
/// alternative name.
/// </summary>
public sealed record ClientCertificateRule
{
    /// <summary>The subject, e.g. <c>CN=partner-a, O=Partner A</c>; compared as distinguished names (order and case of the attributes as X.500 reads them).</summary>
    public string? Subject { get; init; }

    /// <summary>The certificate's SHA-1 (40 hex digits) or SHA-256 (64) thumbprint; case and colons or spaces ignored.</summary>
    public string? Thumbprint { get; init; }

    /// <summary>A DNS name or URI the certificate lists as a subject alternative name, e.g. <c>partner-a.example</c>.</summary>
    public string? San { get; init; }
}
