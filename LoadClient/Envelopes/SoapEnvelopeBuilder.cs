using System.Text;
using System.Xml;
using Samples.Contracts;
using LoadClient.CommandLine;

namespace LoadClient.Envelopes;

/// <summary>Writes a request envelope once, in the encoding of a binding, the way WCF's client would put it on the wire.</summary>
internal static class SoapEnvelopeBuilder
{
    // Written where the MessageID goes and then located in the bytes; each request overwrites it with its own id.
    private static readonly Guid Placeholder = new("5f0c2d1e-9a7b-4c3d-8e6f-a1b2c3d4e5f6");

    /// <summary>The request for <paramref name="call"/> in <paramref name="binding"/>, addressed (SOAP 1.2) to <paramref name="to"/>.</summary>
    public static SoapRequestTemplate Build(LoadBinding binding, OperationCall call, Uri to)
    {
        ArgumentNullException.ThrowIfNull(call);
        ArgumentNullException.ThrowIfNull(to);
        var binary = binding == LoadBinding.BinaryHttp;
        var addressed = binding != LoadBinding.BasicHttp;
        var body = Write(binary, addressed, call, to);
        var messageId = addressed && !call.OneWay ? MessageIdSlot.Find(body, Placeholder, binary) : null;
        return binding switch
        {
            LoadBinding.BasicHttp => new(body, SoapMediaTypes.TextXml + "; charset=utf-8", Quote(call.Action), call.Action, null, call.OneWay),
            LoadBinding.Soap12Http => new(body, $"{SoapMediaTypes.Soap12Xml}; charset=utf-8; action={Quote(call.Action)}", null, call.Action, messageId, call.OneWay),
            LoadBinding.BinaryHttp => new(body, SoapMediaTypes.Msbin1, null, call.Action, messageId, call.OneWay),
            _ => throw new ArgumentOutOfRangeException(nameof(binding), binding, "Unknown binding."),
        };
    }

    private static string Quote(string action) => "\"" + action + "\"";

    private static byte[] Write(bool binary, bool addressed, OperationCall call, Uri to)
    {
        using var stream = new MemoryStream();
        using (var writer = binary
            ? XmlDictionaryWriter.CreateBinaryWriter(stream, dictionary: null, session: null, ownsStream: false)
            : XmlDictionaryWriter.CreateTextWriter(stream, new UTF8Encoding(encoderShouldEmitUTF8Identifier: false), ownsStream: false))
        {
            var envelope = addressed ? SoapNamespaces.Soap12 : SoapNamespaces.Soap11;
            writer.WriteStartElement("s", "Envelope", envelope);
            if (addressed)
            {
                writer.WriteXmlnsAttribute("a", SoapNamespaces.Addressing10);
                WriteAddressingHeaders(writer, envelope, call, to);
            }

            writer.WriteStartElement("s", "Body", envelope);
            writer.WriteStartElement(call.Name, ContractNamespaces.Service);
            call.WriteParameters(writer);
            writer.WriteEndElement();
            writer.WriteEndElement();
            writer.WriteEndElement();
        }

        return stream.ToArray();
    }

    // The headers WCF's Soap12WSAddressing10 client writes: ReplyTo and MessageID only when a reply is expected.
    private static void WriteAddressingHeaders(XmlDictionaryWriter writer, string envelope, OperationCall call, Uri to)
    {
        writer.WriteStartElement("s", "Header", envelope);
        writer.WriteStartElement("a", "Action", SoapNamespaces.Addressing10);
        writer.WriteAttributeString("s", "mustUnderstand", envelope, "1");
        writer.WriteString(call.Action);
        writer.WriteEndElement();
        if (!call.OneWay)
        {
            writer.WriteStartElement("a", "MessageID", SoapNamespaces.Addressing10);
            writer.WriteValue(new UniqueId(Placeholder));
            writer.WriteEndElement();
            writer.WriteStartElement("a", "ReplyTo", SoapNamespaces.Addressing10);
            writer.WriteElementString("a", "Address", SoapNamespaces.Addressing10, SoapNamespaces.Anonymous);
            writer.WriteEndElement();
        }

        writer.WriteStartElement("a", "To", SoapNamespaces.Addressing10);
        writer.WriteAttributeString("s", "mustUnderstand", envelope, "1");
        writer.WriteString(to.AbsoluteUri);
        writer.WriteEndElement();
        writer.WriteEndElement();
    }
}
