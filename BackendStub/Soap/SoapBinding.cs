namespace BackendStub.Soap;

/// <summary>The wire formats the stub serves, each on its own HTTP path (see <see cref="SoapBindings"/>).</summary>
public enum SoapBinding
{
    /// <summary>WCF BasicHttpBinding: SOAP 1.1 text, no WS-Addressing, action in the SOAPAction header, text/xml.</summary>
    BasicHttp,

    /// <summary>WCF WSHttpBinding without security: SOAP 1.2 text with WS-Addressing 1.0, application/soap+xml.</summary>
    Soap12,

    /// <summary>SOAP 1.2 + WS-Addressing 1.0 in msbin1 binary XML over HTTP, application/soap+msbin1 (no static dictionary).</summary>
    Binary,
}
