namespace SoapRouter.Wire.Soap;

/// <summary>The XML namespaces of SOAP envelopes, WS-Addressing and WCF's own fault subcodes.</summary>
public static class SoapNamespaces
{
    /// <summary>SOAP 1.1 envelope.</summary>
    public const string Soap11Envelope = "http://schemas.xmlsoap.org/soap/envelope/";

    /// <summary>SOAP 1.2 envelope.</summary>
    public const string Soap12Envelope = "http://www.w3.org/2003/05/soap-envelope";

    /// <summary>WS-Addressing 1.0.</summary>
    public const string Addressing10 = "http://www.w3.org/2005/08/addressing";

    /// <summary>WS-Addressing August 2004 (older WCF and Java stacks).</summary>
    public const string Addressing200408 = "http://schemas.xmlsoap.org/ws/2004/08/addressing";

    /// <summary>The namespace WCF gives addressing faults on a binding without WS-Addressing.</summary>
    public const string AddressingNone = "http://schemas.microsoft.com/ws/2005/05/addressing/none";

    /// <summary>WCF's dispatcher fault subcodes (DeserializationFailed, InternalServiceFault).</summary>
    public const string Dispatcher = "http://schemas.microsoft.com/net/2005/12/windowscommunicationfoundation/dispatcher";

    /// <summary>
    /// WS-Security 1.0's header namespace: a Sender fault with its FailedAuthentication subcode is what a WCF client turns
    /// into a SecurityAccessDeniedException.
    /// </summary>
    public const string WsSecurity10 = "http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd";

    /// <summary>The anonymous address: "reply on the connection the request came in on".</summary>
    public const string Anonymous10 = "http://www.w3.org/2005/08/addressing/anonymous";

    /// <summary>WS-Addressing 1.0's action of SOAP faults.</summary>
    public const string Addressing10FaultAction = "http://www.w3.org/2005/08/addressing/soap/fault";

    /// <summary>WS-Addressing 2004/08's action of SOAP faults.</summary>
    public const string Addressing200408FaultAction = "http://schemas.xmlsoap.org/ws/2004/08/addressing/fault";

    /// <summary>SOAP 1.1's "next" actor.</summary>
    public const string Soap11NextActor = "http://schemas.xmlsoap.org/soap/actor/next";

    /// <summary>SOAP 1.2's "next" role.</summary>
    public const string Soap12NextRole = "http://www.w3.org/2003/05/soap-envelope/role/next";
}
