using System.Text;
using System.Xml;
using SoapRouter.Routing;

namespace SoapRouter.Faults;

/// <summary>
/// Builds the faults the router itself returns. Reasons are fixed sentences written by the router (plus at
/// most a short, quoted echo of the client's action), never exception text.
/// </summary>
internal static class SoapFaults
{
    /// <summary>The content type of SOAP 1.1 messages.</summary>
    public const string Soap11ContentType = "text/xml; charset=utf-8";

    /// <summary>The content type of SOAP 1.2 messages.</summary>
    public const string Soap12ContentType = "application/soap+xml; charset=utf-8";

    // An action echoed back in a reason is client input: bounded so a fault cannot be made to reflect a large payload.
    private const int MaxEchoedActionLength = 256;

    // MessageIDs are URIs (urn:uuid:... is 45 characters); a longer one is not echoed into RelatesTo, since a cut
    // copy would correlate with nothing and a full one would let a fault reflect a large header.
    internal const int MaxCorrelatedMessageIdLength = 1024;

    private static readonly XmlWriterSettings WriterSettings = new()
    {
        Encoding = new UTF8Encoding(encoderShouldEmitUTF8Identifier: false),
        OmitXmlDeclaration = true,
        CheckCharacters = true,
    };

    /// <summary>A fault answering <paramref name="request"/>: same SOAP version, and correlated when it had a MessageID.</summary>
    public static SoapFaultResponse ForRequest(SoapMessageView request, SoapFaultCode code, string reason)
    {
        ArgumentNullException.ThrowIfNull(request);
        return Create(request.Version, code, reason, CorrelationId(request), request.Addressing.Version);
    }

    /// <summary>The request's MessageID to echo in RelatesTo, or null when it has none or it is too long to reflect.</summary>
    public static string? CorrelationId(SoapMessageView request)
    {
        ArgumentNullException.ThrowIfNull(request);
        return request.Addressing.MessageId is { Length: <= MaxCorrelatedMessageIdLength } id ? id : null;
    }

    /// <summary>
    /// The fault for a message no route matches: a Sender (Client) fault, because the request names something
    /// the router does not serve; HTTP 500 for SOAP 1.1 and 400 for SOAP 1.2.
    /// </summary>
    public static SoapFaultResponse NoRoute(
        SoapVersion version,
        string? action,
        string? relatesTo = null,
        WsAddressingVersion addressing = WsAddressingVersion.None)
    {
        var reason = action is null
            ? "No route matches the message, which has no action."
            : $"No route matches action '{Truncate(action)}'.";
        return Create(version, SoapFaultCode.Sender, reason, relatesTo, addressing);
    }

    /// <summary>
    /// A fault envelope with its content type and HTTP status. When <paramref name="relatesTo"/> is set the fault
    /// carries wsa:RelatesTo and the WS-Addressing fault action (WS-Addressing 1.0 unless 2004/08 is asked for).
    /// </summary>
    public static SoapFaultResponse Create(
        SoapVersion version,
        SoapFaultCode code,
        string reason,
        string? relatesTo = null,
        WsAddressingVersion addressing = WsAddressingVersion.None)
    {
        var body = CreateEnvelope(version, code, reason, relatesTo, addressing);
        return new SoapFaultResponse(body, ContentTypeFor(version), StatusCodeFor(version, code));
    }

    /// <summary>The fault envelope alone, UTF-8.</summary>
    public static byte[] CreateEnvelope(
        SoapVersion version,
        SoapFaultCode code,
        string reason,
        string? relatesTo = null,
        WsAddressingVersion addressing = WsAddressingVersion.None)
    {
        ArgumentNullException.ThrowIfNull(reason);
        var envelopeNs = SoapNamespaces.Envelope(version);
        using var stream = new MemoryStream(512);
        using (var writer = XmlWriter.Create(stream, WriterSettings))
        {
            writer.WriteStartElement("s", "Envelope", envelopeNs);
            if (!string.IsNullOrEmpty(relatesTo))
            {
                WriteAddressingHeaders(writer, envelopeNs, relatesTo, addressing);
            }

            writer.WriteStartElement("s", "Body", envelopeNs);
            writer.WriteStartElement("s", "Fault", envelopeNs);
            if (version == SoapVersion.Soap12)
            {
                WriteSoap12Fault(writer, envelopeNs, code, SafeText(reason));
            }
            else
            {
                WriteSoap11Fault(writer, code, SafeText(reason));
            }

            writer.WriteEndElement();
            writer.WriteEndElement();
            writer.WriteEndElement();
        }

        return stream.ToArray();
    }

    /// <summary>
    /// The HTTP status for a fault: SOAP 1.1 always uses 500 (its HTTP binding knows no other); SOAP 1.2 uses
    /// 400 for Sender faults and 500 for Receiver faults.
    /// </summary>
    public static int StatusCodeFor(SoapVersion version, SoapFaultCode code) =>
        version == SoapVersion.Soap12 && code == SoapFaultCode.Sender ? 400 : 500;

    /// <summary>The HTTP content type for <paramref name="version"/>.</summary>
    public static string ContentTypeFor(SoapVersion version) =>
        version == SoapVersion.Soap12 ? Soap12ContentType : Soap11ContentType;

    private static void WriteAddressingHeaders(XmlWriter writer, string envelopeNs, string relatesTo, WsAddressingVersion addressing)
    {
        var wsaNs = SoapNamespaces.Addressing(addressing);
        var faultAction = addressing == WsAddressingVersion.Addressing200408
            ? SoapNamespaces.Addressing200408FaultAction
            : SoapNamespaces.Addressing10FaultAction;

        writer.WriteStartElement("s", "Header", envelopeNs);
        writer.WriteStartElement("a", "Action", wsaNs);
        writer.WriteAttributeString("s", "mustUnderstand", envelopeNs, envelopeNs == SoapNamespaces.Soap12Envelope ? "true" : "1");
        writer.WriteString(faultAction);
        writer.WriteEndElement();
        writer.WriteElementString("a", "RelatesTo", wsaNs, SafeText(relatesTo));
        writer.WriteEndElement();
    }

    private static void WriteSoap12Fault(XmlWriter writer, string envelopeNs, SoapFaultCode code, string reason)
    {
        writer.WriteStartElement("s", "Code", envelopeNs);
        writer.WriteElementString("s", "Value", envelopeNs, code == SoapFaultCode.Sender ? "s:Sender" : "s:Receiver");
        writer.WriteEndElement();
        writer.WriteStartElement("s", "Reason", envelopeNs);
        writer.WriteStartElement("s", "Text", envelopeNs);
        writer.WriteAttributeString("xml", "lang", null, "en");
        writer.WriteString(reason);
        writer.WriteEndElement();
        writer.WriteEndElement();
    }

    private static void WriteSoap11Fault(XmlWriter writer, SoapFaultCode code, string reason)
    {
        // SOAP 1.1 fault children are unqualified.
        writer.WriteElementString("faultcode", code == SoapFaultCode.Sender ? "s:Client" : "s:Server");
        writer.WriteStartElement("faultstring");
        writer.WriteAttributeString("xml", "lang", null, "en");
        writer.WriteString(reason);
        writer.WriteEndElement();
    }

    private static string Truncate(string value) =>
        value.Length <= MaxEchoedActionLength ? value : string.Concat(value.AsSpan(0, MaxEchoedActionLength), "...");

    /// <summary>Replaces characters XML cannot carry (control characters, lone surrogates) so writing never throws.</summary>
    private static string SafeText(string text)
    {
        StringBuilder? builder = null;
        for (var i = 0; i < text.Length; i++)
        {
            var c = text[i];
            if (char.IsHighSurrogate(c) && i + 1 < text.Length && char.IsLowSurrogate(text[i + 1]))
            {
                builder?.Append(c).Append(text[i + 1]);
                i++;
                continue;
            }

            if (XmlConvert.IsXmlChar(c))
            {
                builder?.Append(c);
                continue;
            }

            // Copy lazily: almost every reason is clean and is returned as it is.
            builder ??= new StringBuilder(text.Length).Append(text, 0, i);
            builder.Append('?');
        }

        return builder?.ToString() ?? text;
    }
}
