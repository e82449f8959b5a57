namespace SoapRouter.Routing;

/// <summary>Namespace URIs and well-known action URIs of SOAP and WS-Addressing.</summary>
internal static class SoapNamespaces
{
    /// <summary>The SOAP 1.1 envelope namespace.</summary>
    public const string Soap11Envelope = "http://schemas.xmlsoap.org/soap/envelope/";

    /// <summary>The SOAP 1.2 envelope namespace.</summary>
    public const string Soap12Envelope = "http://www.w3.org/2003/05/soap-envelope";

    /// <summary>The WS-Addressing 1.0 namespace.</summary>
    public const string Addressing10 = "http://www.w3.org/2005/08/addressing";

    /// <summary>The WS-Addressing August 2004 namespace.</summary>
    public const string Addressing200408 = "http://schemas.xmlsoap.org/ws/2004/08/addressing";

    /// <summary>The action of a SOAP fault under WS-Addressing 1.0 (both SOAP versions).</summary>
    public const string Addressing10FaultAction = "http://www.w3.org/2005/08/addressing/soap/fault";

    /// <summary>The action of a SOAP fault under WS-Addressing August 2004.</summary>
    public const string Addressing200408FaultAction = "http://schemas.xmlsoap.org/ws/2004/08/addressing/fault";

    /// <summary>The envelope namespace of <paramref name="version"/>.</summary>
    public static string Envelope(SoapVersion version) => version == SoapVersion.Soap12 ? Soap12Envelope : Soap11Envelope;

    /// <summary>The namespace of <paramref name="version"/>; WS-Addressing 1.0 when none is given.</summary>
    public static string Addressing(WsAddressingVersion version) =>
        version == WsAddressingVersion.Addressing200408 ? Addressing200408 : Addressing10;
}
