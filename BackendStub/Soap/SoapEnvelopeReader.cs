using System.Xml;

namespace BackendStub.Soap;

/// <summary>Reads SOAP envelopes of a binding: opens the right XML reader and reads the addressing headers up to the body.</summary>
public static class SoapEnvelopeReader
{
    /// <summary>
    /// An XML reader over one message in <paramref name="binding"/>'s encoding. Binary messages are read without
    /// a dictionary, so msbin1 from a real WCF client (which uses WCF's static dictionary) fails here with an
    /// <see cref="XmlException"/>; see <see cref="SoapEnvelopeWriter.CreateWriter"/>.
    /// </summary>
    public static XmlDictionaryReader CreateReader(SoapBinding binding, byte[] buffer, int offset, int count, XmlDictionaryReaderQuotas quotas) =>
        SoapBindings.IsBinary(binding)
            ? XmlDictionaryReader.CreateBinaryReader(buffer, offset, count, dictionary: null, quotas)
            : XmlDictionaryReader.CreateTextReader(buffer, offset, count, quotas);

    /// <summary>An XML reader over a whole message with generous quotas (tests and tools).</summary>
    public static XmlDictionaryReader CreateReader(SoapBinding binding, byte[] message)
    {
        ArgumentNullException.ThrowIfNull(message);
        return CreateReader(binding, message, 0, message.Length, XmlDictionaryReaderQuotas.Max);
    }

    /// <summary>
    /// Reads the envelope's start and its WS-Addressing headers (Action, MessageID, To), leaving the reader on the
    /// body's first child (or after an empty body). Returns null with <paramref name="error"/> when the XML is
    /// well formed but not an envelope of the binding's SOAP version; malformed XML throws <see cref="XmlException"/>.
    /// </summary>
    public static SoapHeaders? ReadToBody(XmlDictionaryReader reader, SoapBinding binding, out string? error)
    {
        ArgumentNullException.ThrowIfNull(reader);
        var envelopeNs = SoapBindings.EnvelopeNamespace(binding);
        reader.MoveToContent();
        if (!reader.IsStartElement("Envelope", envelopeNs) || reader.IsEmptyElement)
        {
            error = $"expected a SOAP {(binding == SoapBinding.BasicHttp ? "1.1" : "1.2")} Envelope, found '{reader.LocalName}' in namespace '{reader.NamespaceURI}'.";
            return null;
        }

        reader.ReadStartElement();
        string? action = null, messageId = null, to = null;
        if (reader.MoveToContent() == XmlNodeType.Element && reader.IsStartElement("Header", envelopeNs))
        {
            if (reader.IsEmptyElement)
            {
                reader.Read();
            }
            else
            {
                reader.ReadStartElement();
                while (reader.MoveToContent() == XmlNodeType.Element)
                {
                    if (reader.NamespaceURI == SoapNamespaces.Addressing10 && reader.LocalName is "Action" or "MessageID" or "To")
                    {
                        var name = reader.LocalName;
                        var value = reader.ReadElementContentAsString().Trim();
                        _ = name switch
                        {
                            "Action" => action = value,
                            "MessageID" => messageId = value,
                            _ => to = value,
                        };
                    }
                    else
                    {
                        reader.Skip();
                    }
                }

                reader.ReadEndElement();
            }
        }

        if (reader.MoveToContent() != XmlNodeType.Element || !reader.IsStartElement("Body", envelopeNs))
        {
            error = "the envelope has no Body.";
            return null;
        }

        if (reader.IsEmptyElement)
        {
            reader.Read();
        }
        else
        {
            reader.ReadStartElement();
            reader.MoveToContent();
        }

        error = null;
        return new SoapHeaders(action, messageId, To: to);
    }
}
