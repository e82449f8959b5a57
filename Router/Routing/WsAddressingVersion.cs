namespace SoapRouter.Routing;

/// <summary>The WS-Addressing version a message's addressing headers use.</summary>
internal enum WsAddressingVersion
{
    /// <summary>No WS-Addressing header was present.</summary>
    None,

    /// <summary>WS-Addressing 1.0 (http://www.w3.org/2005/08/addressing).</summary>
    Addressing10,

    /// <summary>WS-Addressing August 2004 (http://schemas.xmlsoap.org/ws/2004/08/addressing).</summary>
    Addressing200408,
}
