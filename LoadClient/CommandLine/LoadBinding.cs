namespace LoadClient.CommandLine;

/// <summary>How requests are encoded on the wire; the names match router.json's listener bindings.</summary>
internal enum LoadBinding
{
    /// <summary>Text SOAP 1.1 (text/xml, SOAPAction header, no WS-Addressing), like WCF's BasicHttpBinding.</summary>
    BasicHttp,

    /// <summary>Text SOAP 1.2 with WS-Addressing 1.0 (application/soap+xml; action in the content type and wsa:Action).</summary>
    Soap12Http,

    /// <summary>WCF binary XML (application/soap+msbin1), SOAP 1.2 with WS-Addressing 1.0, written without WCF's static dictionary.</summary>
    BinaryHttp,
}
