namespace LoadClient.Envelopes;

/// <summary>The media types a SOAP envelope travels in over HTTP.</summary>
internal static class SoapMediaTypes
{
    /// <summary>SOAP 1.1 text.</summary>
    public const string TextXml = "text/xml";

    /// <summary>SOAP 1.2 text.</summary>
    public const string Soap12Xml = "application/soap+xml";

    /// <summary>WCF binary XML over HTTP.</summary>
    public const string Msbin1 = "application/soap+msbin1";

    /// <summary>True when <paramref name="contentType"/> is a SOAP envelope type, WCF's compressed msbin1 (<c>+gzip</c>, <c>+deflate</c>) included.</summary>
    public static bool IsSoapEnvelope(string? contentType) =>
        MediaType(contentType).Equals(TextXml, StringComparison.OrdinalIgnoreCase) || IsSoap12Envelope(contentType);

    /// <summary>True when <paramref name="contentType"/> is a SOAP 1.2 type: text, or msbin1 with or without compression.</summary>
    public static bool IsSoap12Envelope(string? contentType)
    {
        var mediaType = MediaType(contentType);
        return mediaType.Equals(Soap12Xml, StringComparison.OrdinalIgnoreCase)
            || mediaType.Equals(Msbin1, StringComparison.OrdinalIgnoreCase)
            || mediaType.StartsWith(Msbin1 + "+", StringComparison.OrdinalIgnoreCase);
    }

    private static ReadOnlySpan<char> MediaType(string? contentType)
    {
        var span = contentType.AsSpan();
        var semicolon = span.IndexOf(';');
        return (semicolon < 0 ? span : span[..semicolon]).Trim();
    }
}
