namespace LoadClient.Envelopes;

/// <summary>Namespace URIs of the envelopes and headers the client writes.</summary>
internal static class SoapNamespaces
{
    /// <summary>SOAP 1.1 envelope.</summary>
    public const string Soap11 = "http://schemas.xmlsoap.org/soap/envelope/";

    /// <summary>SOAP 1.2 envelope.</summary>
    public const string Soap12 = "http://www.w3.org/2003/05/soap-envelope";

    /// <summary>WS-Addressing 1.0, what WCF's Soap12WSAddressing10 message version writes.</summary>
    public const string Addressing10 = "http://www.w3.org/2005/08/addressing";

    /// <summary>The WS-Addressing 1.0 anonymous address: reply on the HTTP response.</summary>
    public const string Anonymous = "http://www.w3.org/2005/08/addressing/anonymous";
}
