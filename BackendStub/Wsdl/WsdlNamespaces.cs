namespace BackendStub.Wsdl;

/// <summary>The namespaces of a WSDL 1.1 document as WCF publishes it (prefixes are WCF's too).</summary>
internal static class WsdlNamespaces
{
    /// <summary>WSDL 1.1 (prefix wsdl).</summary>
    public const string Wsdl = "http://schemas.xmlsoap.org/wsdl/";

    /// <summary>WSDL 1.1's SOAP 1.1 binding (prefix soap).</summary>
    public const string Soap11Binding = "http://schemas.xmlsoap.org/wsdl/soap/";

    /// <summary>WSDL 1.1's SOAP 1.2 binding (prefix soap12).</summary>
    public const string Soap12Binding = "http://schemas.xmlsoap.org/wsdl/soap12/";

    /// <summary>The transport URI of SOAP over HTTP, in soap:binding and soap12:binding.</summary>
    public const string SoapHttpTransport = "http://schemas.xmlsoap.org/soap/http";

    /// <summary>XML Schema (prefix xs).</summary>
    public const string Xsd = "http://www.w3.org/2001/XMLSchema";

    /// <summary>WS-Addressing 1.0 WSDL binding (prefix wsaw): wsaw:Action on port types, wsaw:UsingAddressing in policy.</summary>
    public const string AddressingWsdl = "http://www.w3.org/2006/05/addressing/wsdl";

    /// <summary>WS-Addressing 1.0 (prefix wsa10), for the port's EndpointReference.</summary>
    public const string Addressing10 = "http://www.w3.org/2005/08/addressing";

    /// <summary>WS-Policy 1.2, the version WCF's WSDL exporter writes by default (prefix wsp).</summary>
    public const string Policy = "http://schemas.xmlsoap.org/ws/2004/09/policy";

    /// <summary>WS-Security utility (prefix wsu), whose wsu:Id names a policy.</summary>
    public const string SecurityUtility = "http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd";

    /// <summary>WCF's binary encoding policy (prefix msb): msb:BinaryEncoding tells svcutil to use msbin1.</summary>
    public const string BinaryEncodingPolicy = "http://schemas.microsoft.com/ws/06/2004/mspolicy/netbinary1";
}
