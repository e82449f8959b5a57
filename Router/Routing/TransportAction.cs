namespace SoapRouter.Routing;

/// <summary>
/// Extracts the action a transport carries: the SOAPAction HTTP header (SOAP 1.1) or the action parameter of
/// the application/soap+xml content type (SOAP 1.2). Used only when the message has no wsa:Action.
/// </summary>
internal static class TransportAction
{
    /// <summary>
    /// The action for an HTTP request: the content type's action parameter for SOAP 1.2 media types,
    /// otherwise the SOAPAction header. Null when empty or absent.
    /// </summary>
    public static string? FromHttp(string? contentType, string? soapActionHeader) =>
        IsSoap12MediaType(contentType) ? FromContentType(contentType) : FromSoapActionHeader(soapActionHeader);

    /// <summary>The SOAPAction header's value without its surrounding quotes; null when empty or absent.</summary>
    public static string? FromSoapActionHeader(string? header)
    {
        if (header is null)
        {
            return null;
        }

        var value = Unquote(header.AsSpan().Trim());
        return value.IsEmpty ? null : value.ToString();
    }

    /// <summary>The action parameter of a content type (quoted or not); null when there is none.</summary>
    public static string? FromContentType(string? contentType)
    {
        if (contentType is null)
        {
            return null;
        }

        var rest = contentType.AsSpan();
        var semicolon = rest.IndexOf(';');

        // Parameters follow the media type; quoted values could hold ';', so walk them rather than split.
        while (semicolon >= 0)
        {
            rest = rest[(semicolon + 1)..].TrimStart();
            var equals = rest.IndexOf('=');
            if (equals < 0)
            {
                return null;
            }

            var name = rest[..equals].Trim();
            rest = rest[(equals + 1)..].TrimStart();
            ReadOnlySpan<char> value;
            if (rest.Length > 0 && rest[0] == '"')
            {
                var close = rest[1..].IndexOf('"');
                value = close < 0 ? rest[1..] : rest.Slice(1, close);
                rest = close < 0 ? [] : rest[(close + 2)..];
            }
            else
            {
                var end = rest.IndexOf(';');
                value = (end < 0 ? rest : rest[..end]).Trim();
                rest = end < 0 ? [] : rest[end..];
            }

            if (name.Equals("action", StringComparison.OrdinalIgnoreCase))
            {
                return value.IsEmpty ? null : value.ToString();
            }

            semicolon = rest.IndexOf(';');
        }

        return null;
    }

    /// <summary>True when the content type's media type is application/soap+xml.</summary>
    public static bool IsSoap12MediaType(string? contentType) => SoapMediaTypes.Matches(contentType, SoapMediaTypes.Soap12Xml);

    private static ReadOnlySpan<char> Unquote(ReadOnlySpan<char> value) =>
        value.Length >= 2 && value[0] == '"' && value[^1] == '"' ? value[1..^1] : value;
}
