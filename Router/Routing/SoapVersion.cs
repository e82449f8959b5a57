namespace SoapRouter.Routing;

/// <summary>The SOAP envelope version of a message, told apart by the Envelope namespace.</summary>
internal enum SoapVersion
{
    /// <summary>SOAP 1.1 (http://schemas.xmlsoap.org/soap/envelope/).</summary>
    Soap11,

    /// <summary>SOAP 1.2 (http://www.w3.org/2003/05/soap-envelope).</summary>
    Soap12,
}
