namespace SoapRouter.Forwarding.Rewriting;

/// <summary>The namespace URIs the scanner compares against, as UTF-8, so no string is built per message.</summary>
internal static class SoapNamespaceBytes
{
    /// <summary>The SOAP 1.1 envelope namespace.</summary>
    public static ReadOnlySpan<byte> Soap11Envelope => "http://schemas.xmlsoap.org/soap/envelope/"u8;

    /// <summary>The SOAP 1.2 envelope namespace.</summary>
    public static ReadOnlySpan<byte> Soap12Envelope => "http://www.w3.org/2003/05/soap-envelope"u8;

    /// <summary>The WS-Addressing 1.0 namespace.</summary>
    public static ReadOnlySpan<byte> Addressing10 => "http://www.w3.org/2005/08/addressing"u8;

    /// <summary>The WS-Addressing August 2004 namespace.</summary>
    public static ReadOnlySpan<byte> Addressing200408 => "http://schemas.xmlsoap.org/ws/2004/08/addressing"u8;

    /// <summary>The namespace the xml prefix is bound to.</summary>
    public static ReadOnlySpan<byte> Xml => "http://www.w3.org/XML/1998/namespace"u8;

    /// <summary>The namespace of xmlns attributes, which no prefix may be bound to.</summary>
    public static ReadOnlySpan<byte> Xmlns => "http://www.w3.org/2000/xmlns/"u8;
}
