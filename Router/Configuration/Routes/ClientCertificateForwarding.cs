namespace SoapRouter.Configuration;

/// <summary>The values of routes[].forwardClientCertificate.</summary>
public static class ClientCertificateForwarding
{
    /// <summary>Envoy's X-Forwarded-Client-Cert header on HTTP destinations.</summary>
    public const string Header = "header";
}
