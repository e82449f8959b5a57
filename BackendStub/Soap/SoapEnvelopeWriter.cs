using System.Text;
using System.Xml;

namespace BackendStub.Soap;

/// <summary>
/// Writes SOAP envelopes the way WCF's encoders do: UTF-8 text without declaration or byte order mark, or msbin1
/// binary XML. The binary form is written WITHOUT WCF's static dictionary (see <see cref="CreateWriter"/>).
/// </summary>
public static class SoapEnvelopeWriter
{
    private const string XmlNamespace = "http://www.w3.org/XML/1998/namespace";

    // WCF writes the thread's culture; the stub runs with invariant globalization, so it names the usual one.
    private const string ReasonLanguage = "en-US";

    private static readonly Encoding Utf8NoBom = new UTF8Encoding(encoderShouldEmitUTF8Identifier: false);

    /// <summary>
    /// An XML writer for <paramref name="binding"/>'s encoding. For <see cref="SoapBinding.Binary"/> it is
    /// <see cref="XmlDictionaryWriter.CreateBinaryWriter(Stream, IXmlDictionary, XmlBinaryWriterSession, bool)"/>
    /// with no dictionary: every name is written as an inline string. Real WCF clients' msbin1 refers to WCF's
    /// static dictionary (names such as s:Envelope and a:Action as dictionary ids), which the BCL does not ship,
    /// so this endpoint speaks msbin1 only with our own tests and tools, not with a stock WCF client.
    /// </summary>
    public static XmlDictionaryWriter CreateWriter(SoapBinding binding, Stream stream) => SoapBindings.IsBinary(binding)
        ? XmlDictionaryWriter.CreateBinaryWriter(stream, dictionary: null, session: null, ownsStream: false)
        : XmlDictionaryWriter.CreateTextWriter(stream, Utf8NoBom, ownsStream: false);

    /// <summary>An envelope with <paramref name="headers"/> and a body written by <paramref name="writeBody"/> (null: empty body).</summary>
    public static byte[] Write(SoapBinding binding, SoapHeaders headers, Action<XmlDictionaryWriter>? writeBody)
    {
        ArgumentNullException.ThrowIfNull(headers);
        var envelopeNs = SoapBindings.EnvelopeNamespace(binding);
        using var stream = new MemoryStream(1024);
        using (var writer = CreateWriter(binding, stream))
        {
            writer.WriteStartElement("s", "Envelope", envelopeNs);
            if (SoapBindings.UsesAddressing(binding))
            {
                writer.WriteXmlnsAttribute("a", SoapNamespaces.Addressing10);
                WriteAddressingHeaders(writer, envelopeNs, headers);
            }

            writer.WriteStartElement("s", "Body", envelopeNs);
            writeBody?.Invoke(writer);
            writer.WriteEndElement();
            writer.WriteEndElement();
        }

        return stream.ToArray();
    }

    /// <summary>
    /// A fault envelope. On the WS-Addressing bindings it carries the WS-Addressing fault action and, when
    /// <paramref name="relatesTo"/> is given, wsa:RelatesTo.
    /// </summary>
    public static byte[] WriteFault(SoapBinding binding, SoapFault fault, string? relatesTo)
    {
        ArgumentNullException.ThrowIfNull(fault);
        var headers = new SoapHeaders(SoapNamespaces.Addressing10FaultAction, RelatesTo: relatesTo);
        var envelopeNs = SoapBindings.EnvelopeNamespace(binding);
        return Write(binding, headers, writer =>
        {
            writer.WriteStartElement("s", "Fault", envelopeNs);
            if (binding == SoapBinding.BasicHttp)
            {
                WriteSoap11Fault(writer, fault);
            }
            else
            {
                WriteSoap12Fault(writer, envelopeNs, fault);
            }

            writer.WriteEndElement();
        });
    }

    private static void WriteAddressingHeaders(XmlDictionaryWriter writer, string envelopeNs, SoapHeaders headers)
    {
        writer.WriteStartElement("s", "Header", envelopeNs);
        if (headers.Action is not null)
        {
            WriteMustUnderstand(writer, envelopeNs, "Action", headers.Action);
        }

        if (headers.MessageId is not null)
        {
            writer.WriteElementString("a", "MessageID", SoapNamespaces.Addressing10, headers.MessageId);
        }

        if (headers.RelatesTo is not null)
        {
            writer.WriteElementString("a", "RelatesTo", SoapNamespaces.Addressing10, headers.RelatesTo);
        }

        if (headers.ReplyToAnonymous)
        {
            writer.WriteStartElement("a", "ReplyTo", SoapNamespaces.Addressing10);
            writer.WriteElementString("a", "Address", SoapNamespaces.Addressing10, SoapNamespaces.Addressing10Anonymous);
            writer.WriteEndElement();
        }

        if (headers.To is not null)
        {
            WriteMustUnderstand(writer, envelopeNs, "To", headers.To);
        }

        writer.WriteEndElement();
    }

    private static void WriteMustUnderstand(XmlDictionaryWriter writer, string envelopeNs, string name, string value)
    {
        writer.WriteStartElement("a", name, SoapNamespaces.Addressing10);
        writer.WriteAttributeString("s", "mustUnderstand", envelopeNs, "1");
        writer.WriteString(value);
        writer.WriteEndElement();
    }

    private static void WriteSoap12Fault(XmlDictionaryWriter writer, string envelopeNs, SoapFault fault)
    {
        writer.WriteStartElement("s", "Code", envelopeNs);
        writer.WriteElementString("s", "Value", envelopeNs, fault.Code == SoapFaultCode.Sender ? "s:Sender" : "s:Receiver");
        if (fault.SubcodeName is not null)
        {
            writer.WriteStartElement("s", "Subcode", envelopeNs);
            writer.WriteStartElement("s", "Value", envelopeNs);
            WriteQualifiedValue(writer, fault);
            writer.WriteEndElement();
            writer.WriteEndElement();
        }

        writer.WriteEndElement();
        writer.WriteStartElement("s", "Reason", envelopeNs);
        writer.WriteStartElement("s", "Text", envelopeNs);
        writer.WriteAttributeString("xml", "lang", XmlNamespace, ReasonLanguage);
        writer.WriteString(fault.Reason);
        writer.WriteEndElement();
        writer.WriteEndElement();
    }

    private static void WriteSoap11Fault(XmlDictionaryWriter writer, SoapFault fault)
    {
        // SOAP 1.1 has no subcodes: WCF writes the subcode as the faultcode itself (a:ActionNotSupported).
        writer.WriteStartElement("faultcode", string.Empty);
        if (fault.SubcodeName is not null)
        {
            WriteQualifiedValue(writer, fault);
        }
        else
        {
            writer.WriteString(fault.Code == SoapFaultCode.Sender ? "s:Client" : "s:Server");
        }

        writer.WriteEndElement();
        writer.WriteStartElement("faultstring", string.Empty);
        writer.WriteAttributeString("xml", "lang", XmlNamespace, ReasonLanguage);
        writer.WriteString(fault.Reason);
        writer.WriteEndElement();
    }

    private static void WriteQualifiedValue(XmlDictionaryWriter writer, SoapFault fault)
    {
        // The value is a QName in text, so its prefix is declared right here, whatever the ancestors bind.
        writer.WriteXmlnsAttribute("a", fault.SubcodeNamespace ?? string.Empty);
        writer.WriteString("a:" + fault.SubcodeName);
    }
}
