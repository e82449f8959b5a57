namespace SoapRouter.Routing;

/// <summary>Recognises the media types a SOAP envelope travels in over HTTP, from the raw Content-Type value.</summary>
internal static class SoapMediaTypes
{
    /// <summary>SOAP 1.1 text.</summary>
    public const string TextXml = "text/xml";

    /// <summary>SOAP 1.2 text.</summary>
    public const string Soap12Xml = "application/soap+xml";

    /// <summary>WCF binary XML over HTTP (SOAP 1.2).</summary>
    public const string Msbin1 = "application/soap+msbin1";

    /// <summary>True when <paramref name="contentType"/> is any of the SOAP envelope media types.</summary>
    public static bool IsSoapEnvelope(string? contentType)
    {
        var mediaType = MediaType(contentType);
        return Is(mediaType, TextXml) || Is(mediaType, Soap12Xml) || Is(mediaType, Msbin1);
    }

    /// <summary>True when <paramref name="contentType"/> is a SOAP 1.2 media type (text or binary).</summary>
    public static bool IsSoap12Envelope(string? contentType)
    {
        var mediaType = MediaType(contentType);
        return Is(mediaType, Soap12Xml) || Is(mediaType, Msbin1);
    }

    /// <summary>True when <paramref name="contentType"/>'s media type is <paramref name="mediaType"/>, ignoring case and parameters.</summary>
    public static bool Matches(string? contentType, string mediaType) => Is(MediaType(contentType), mediaType);

    private static ReadOnlySpan<char> MediaType(string? contentType)
    {
        if (contentType is null)
        {
            return [];
        }

        var span = contentType.AsSpan();
        var semicolon = span.IndexOf(';');
        return (semicolon < 0 ? span : span[..semicolon]).Trim();
    }

    private static bool Is(ReadOnlySpan<char> mediaType, string expected) =>
        mediaType.Equals(expected, StringComparison.OrdinalIgnoreCase);
}
