namespace SoapRouter.Wire.Soap;

/// <summary>
/// The media types SOAP travels in over HTTP, and the two places HTTP carries an action: the SOAPAction header (SOAP
/// 1.1) and the action parameter of application/soap+xml (SOAP 1.2). Parsing works on the raw header values.
/// </summary>
public static class SoapMediaTypes
{
    /// <summary>SOAP 1.1 text.</summary>
    public const string TextXml = "text/xml";

    /// <summary>SOAP 1.2 text.</summary>
    public const string Soap12Xml = "application/soap+xml";

    /// <summary>WCF binary XML over HTTP (SOAP 1.2 + WS-Addressing 1.0).</summary>
    public const string Msbin1 = "application/soap+msbin1";

    /// <summary>WCF binary XML with a session dictionary (net.tcp).</summary>
    public const string MsbinSession1 = "application/soap+msbinsession1";

    /// <summary>MTOM: a MIME multipart/related package whose root part is the XOP envelope (type application/xop+xml).</summary>
    public const string MultipartRelated = "multipart/related";

    /// <summary>True when <paramref name="contentType"/>'s media type is <paramref name="mediaType"/>, ignoring case and parameters.</summary>
    public static bool Matches(string? contentType, string mediaType) =>
        MediaType(contentType).Equals(mediaType, StringComparison.OrdinalIgnoreCase);

    /// <summary>True when <paramref name="contentType"/> is any of the SOAP envelope media types over HTTP.</summary>
    public static bool IsSoapEnvelope(string? contentType) =>
        Matches(contentType, TextXml) || Matches(contentType, Soap12Xml) || Matches(contentType, Msbin1) || Matches(contentType, MultipartRelated);

    /// <summary>The media type of a content type: what comes before the first ';', trimmed.</summary>
    public static ReadOnlySpan<char> MediaType(string? contentType)
    {
        if (contentType is null)
        {
            return [];
        }

        var span = contentType.AsSpan();
        var semicolon = span.IndexOf(';');
        return (semicolon < 0 ? span : span[..semicolon]).Trim();
    }

    /// <summary>The SOAPAction header's value without its surrounding quotes; null when empty or absent.</summary>
    public static string? FromSoapActionHeader(string? header)
    {
        if (header is null)
        {
            return null;
        }

        var value = header.AsSpan().Trim();
        if (value.Length >= 2 && value[0] == '"' && value[^1] == '"')
        {
            value = value[1..^1];
        }

        return value.IsEmpty ? null : value.ToString();
    }

    /// <summary>The SOAPAction header value for <paramref name="action"/>: quoted, as WCF writes it; "" for none.</summary>
    public static string ToSoapActionHeader(string? action) => action is null ? "\"\"" : string.Concat("\"", action, "\"");

    /// <summary>The action parameter of a content type (quoted or not); null when there is none.</summary>
    public static string? ActionParameter(string? contentType) => Parameter(contentType, "action");

    /// <summary>The parameter <paramref name="name"/> of a content type (quoted or not, name ignoring case); null when there is none or it is empty.</summary>
    public static string? Parameter(string? contentType, string name)
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

            var parameter = rest[..equals].Trim();
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

            if (parameter.Equals(name, StringComparison.OrdinalIgnoreCase))
            {
                return value.IsEmpty ? null : value.ToString();
            }

            semicolon = rest.IndexOf(';');
        }

        return null;
    }

    /// <summary>
    /// The action HTTP carries for a message of <paramref name="contentType"/>: the content type's action parameter for
    /// application/soap+xml, otherwise the SOAPAction header. Null when empty or absent.
    /// </summary>
    public static string? TransportAction(string? contentType, string? soapActionHeader) =>
        Matches(contentType, Soap12Xml) ? ActionParameter(contentType) : FromSoapActionHeader(soapActionHeader);
}
