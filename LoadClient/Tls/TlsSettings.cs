using System.Security.Cryptography.X509Certificates;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Tls;

namespace LoadClient.Tls;

/// <summary>
/// How the client speaks TLS to its target (an https URL, or a net.tcp one with --tls), as the command line gave it; the
/// files are loaded and checked by the parser, so a bad one is a bad argument.
/// </summary>
internal sealed record TlsSettings
{
    /// <summary>
    /// The name the server certificate must carry: --server-name, else the URL's host, except a net.tcp URL at a loopback
    /// IP address, where it is localhost (WCF's identity check reads the certificate's DNS names only).
    /// </summary>
    public required string ServerName { get; init; }

    /// <summary>--server-name was given: the raw mode sends it as the Host header, so the TLS stack also uses it for SNI.</summary>
    public bool ServerNameGiven { get; init; }

    /// <summary>--ca: the only authorities the server certificate may chain to; null for the system's trusted ones.</summary>
    public X509Certificate2Collection? Authorities { get; init; }

    /// <summary>--client-cert and --client-key: the certificate presented in every handshake; null for none.</summary>
    public LoadedCertificate? ClientCertificate { get; init; }

    /// <summary>The WCF client binding's transport security for these settings.</summary>
    public WireTransportSecurity Security =>
        ClientCertificate is null ? WireTransportSecurity.Transport : WireTransportSecurity.TransportWithClientCertificate;
}
