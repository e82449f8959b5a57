namespace SoapRouter.Wire.Bindings;

/// <summary>Whether a WCF client binding (<see cref="WireBinding.CreateClientBinding"/>) runs over TLS, and whether it presents a certificate.</summary>
public enum WireTransportSecurity
{
    /// <summary>Plain HTTP or plain net.tcp.</summary>
    None,

    /// <summary>HTTPS, or net.tcp with the TLS stream upgrade (ClientCredentialType None): the server is authenticated.</summary>
    Transport,

    /// <summary>As <see cref="Transport"/>, and the client presents a certificate (set on the factory's ClientCredentials).</summary>
    TransportWithClientCertificate,
}
