namespace BackendStub.Soap;

/// <summary>Namespace URIs and well-known values of SOAP and WS-Addressing.</summary>
public static class SoapNamespaces
{
    /// <summary>SOAP 1.1 envelope.</summary>
    public const string Soap11Envelope = "http://schemas.xmlsoap.org/soap/envelope/";

    /// <summary>SOAP 1.2 envelope.</summary>
    public const string Soap12Envelope = "http://www.w3.org/2003/05/soap-envelope";

    /// <summary>WS-Addressing 1.0.</summary>
    public const string Addressing10 = "http://www.w3.org/2005/08/addressing";

    /// <summary>The action of WS-Addressing 1.0 faults.</summary>
    public const string Addressing10FaultAction = "http://www.w3.org/2005/08/addressing/fault";

    /// <summary>The anonymous address (reply on the back channel).</summary>
    public const string Addressing10Anonymous = "http://www.w3.org/2005/08/addressing/anonymous";

    /// <summary>WCF's namespace of addressing fault subcodes when there is no addressing (basicHttp).</summary>
    public const string AddressingNone = "http://schemas.microsoft.com/ws/2005/05/addressing/none";

    /// <summary>WCF's dispatcher namespace (subcodes such as DeserializationFailed).</summary>
    public const string Dispatcher = "http://schemas.microsoft.com/net/2005/12/windowscommunicationfoundation/dispatcher";

    /// <summary>XML Schema instance (i:nil).</summary>
    public const string XmlSchemaInstance = "http://www.w3.org/2001/XMLSchema-instance";
}
