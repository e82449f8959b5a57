namespace SoapRouter.Wire.Soap;

/// <summary>
/// The namespaces of a WSDL 1.1 document as WCF publishes it (prefixes are WCF's too): written by the stub's WSDL, read
/// and rewritten by the router's metadata proxy.
/// </summary>
public static class WsdlNamespaces
{
    /// <summary>WSDL 1.1 (prefix wsdl).</summary>
    public const string Wsdl = "http://schemas.xmlsoap.org/wsdl/";

    /// <summary>WSDL 1.1's SOAP 1.1 binding (prefix soap).</summary>
    public const string Soap11Binding = "http://schemas.xmlsoap.org/wsdl/soap/";

    /// <summary>WSDL 1.1's SOAP 1.2 binding (prefix soap12).</summary>
    public const string Soap12Binding = "http://schemas.xmlsoap.org/wsdl/soap12/";

    /// <summary>The transport URI of SOAP over HTTP, in soap:binding and soap12:binding.</summary>
    public const string SoapHttpTransport = "http://schemas.xmlsoap.org/soap/http";

    /// <summary>The transport URI WCF writes in the SOAP binding of a net.tcp endpoint.</summary>
    public const string SoapTcpTransport = "http://schemas.microsoft.com/soap/tcp";

    /// <summary>XML Schema (prefix xs).</summary>
    public const string Xsd = "http://www.w3.org/2001/XMLSchema";

    /// <summary>WS-Addressing 1.0 WSDL binding (prefix wsaw): wsaw:Action on port types, wsaw:UsingAddressing in policy.</summary>
    public const string AddressingWsdl = "http://www.w3.org/2006/05/addressing/wsdl";

    /// <summary>WS-Addressing 1.0 (prefix wsa10), for the port's EndpointReference.</summary>
    public const string Addressing10 = "http://www.w3.org/2005/08/addressing";

    /// <summary>WS-Addressing 1.0 Metadata (prefix wsam): the recommendation's final namespace for Action on WSDL messages.</summary>
    public const string AddressingMetadata = "http://www.w3.org/2007/05/addressing/metadata";

    /// <summary>WS-Addressing August 2004 (prefix wsa), whose Action attribute older stacks put on WSDL messages.</summary>
    public const string Addressing2004 = "http://schemas.xmlsoap.org/ws/2004/08/addressing";

    /// <summary>WS-Policy 1.2, the version WCF's WSDL exporter writes by default (prefix wsp).</summary>
    public const string Policy = "http://schemas.xmlsoap.org/ws/2004/09/policy";

    /// <summary>WS-Policy 1.5 (W3C), which some stacks write instead.</summary>
    public const string Policy15 = "http://www.w3.org/ns/ws-policy";

    /// <summary>WS-Security utility (prefix wsu), whose wsu:Id names a policy.</summary>
    public const string SecurityUtility = "http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd";

    /// <summary>WCF's binary encoding policy (prefix msb): msb:BinaryEncoding tells svcutil to use msbin1.</summary>
    public const string BinaryEncodingPolicy = "http://schemas.microsoft.com/ws/06/2004/mspolicy/netbinary1";

    /// <summary>The MTOM policy assertion (prefix wsoma): wsoma:OptimizedMimeSerialization.</summary>
    public const string OptimizedMimePolicy = "http://schemas.xmlsoap.org/ws/2004/09/policy/optimizedmimeserialization";

    /// <summary>WS-SecurityPolicy 1.1 (prefix sp): sp:TransportBinding with sp:HttpsToken marks an https endpoint.</summary>
    public const string SecurityPolicy = "http://schemas.xmlsoap.org/ws/2005/07/securitypolicy";
}
