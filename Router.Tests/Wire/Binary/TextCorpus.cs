using System.ServiceModel;
using System.ServiceModel.Channels;
using System.Text;
using System.Xml;
using SoapRouter.Wire.Encoding;

namespace SoapRouter.Tests.Wire.Binary;

/// <summary>
/// Text envelopes for the transcoder's differential: messages WCF's own text encoder writes, for every SOAP 1.2
/// WS-Addressing version (requests with addressing and custom mustUnderstand headers,
/// DataContract bodies, a 150 KB string, unicode, markup characters and line ends in text, faults with a detail and
/// xml:lang, an empty body, one-way messages), plus hand-written shapes WCF's writer never makes but other clients do.
/// </summary>
internal static class TextCorpus
{
    private const string Action = "urn:corpus/Submit";
    private static readonly Uri To = new("http://service.test/corpus");

    private static readonly Lazy<IReadOnlyList<TextCorpusMessage>> Built = new(Build);

    /// <summary>
    /// The message versions covered: those WCF's binary encoder takes (SOAP 1.2 only; a SOAP 1.1 text message cannot
    /// go to a binary destination unchanged, so the transcoder has nothing to do for it).
    /// </summary>
    public static IReadOnlyList<MessageVersion> Versions { get; } =
        [MessageVersion.Soap12WSAddressing10, MessageVersion.Soap12, MessageVersion.Soap12WSAddressingAugust2004];

    /// <summary>Every corpus message.</summary>
    public static IReadOnlyList<TextCorpusMessage> Messages => Built.Value;

    /// <summary>
    /// A SOAP 1.2 WS-Addressing 1.0 envelope as a hand-written client might send it: <paramref name="body"/> in the
    /// Body, <paramref name="headers"/> after the Action header.
    /// </summary>
    public static byte[] Envelope(string body, string headers = "") => System.Text.Encoding.UTF8.GetBytes(
        "<s:Envelope xmlns:s=\"http://www.w3.org/2003/05/soap-envelope\" xmlns:a=\"http://www.w3.org/2005/08/addressing\">"
        + "<s:Header><a:Action s:mustUnderstand=\"1\">urn:corpus/Submit</a:Action>" + headers + "</s:Header>"
        + "<s:Body>" + body + "</s:Body></s:Envelope>");

    private static List<TextCorpusMessage> Build()
    {
        var messages = new List<TextCorpusMessage>();
        foreach (var version in Versions)
        {
            var encoder = new TextMessageEncodingBindingElement(version, System.Text.Encoding.UTF8).CreateMessageEncoderFactory().Encoder;
            foreach (var (name, message) in Written(version))
            {
                using (message)
                {
                    var written = encoder.WriteMessage(message, int.MaxValue, BufferManager.CreateBufferManager(0, int.MaxValue));
                    messages.Add(new TextCorpusMessage($"{name} ({version})", version, written.AsSpan().ToArray()));
                }
            }
        }

        foreach (var (name, bytes) in HandWritten())
        {
            messages.Add(new TextCorpusMessage(name, MessageVersion.Soap12WSAddressing10, bytes));
        }

        return messages;
    }

    private static IEnumerable<(string Name, Message Message)> Written(MessageVersion version)
    {
        // Without addressing WCF's client library writes an Action header its own reader then refuses: no action there.
        var action = version.Addressing == AddressingVersion.None ? null : Action;
        yield return ("request", Request(Message.CreateMessage(version, action, SessionCorpus.Reading(8))));
        var headers = Request(Message.CreateMessage(version, action, SessionCorpus.Reading(3)));
        headers.Headers.Add(MessageHeader.CreateHeader("Tenant", "urn:corpus:headers", "contoso", mustUnderstand: true));
        headers.Headers.Add(MessageHeader.CreateHeader("Trace", "urn:corpus:headers", new CorpusNote { Text = "t", Amount = 1.5m }));
        yield return ("custom headers", headers);
        yield return ("large array", Request(Message.CreateMessage(version, action, SessionCorpus.Reading(2000))));
        yield return ("150 KB string", Request(Text(version, action, new string('x', 150 * 1024))));
        yield return ("unicode", Request(Text(version, action, "Grüße, Καλημέρα, こんにちは, 😀 \uFEFF end")));
        yield return ("markup characters", Request(Text(version, action, "a & b < c > d \" e ' f\r\ng\rh\ti ]]> j")));
        yield return ("fault", Request(Message.CreateMessage(version, action, new DelegateBodyWriter(writer => SessionCorpus.WriteFault(writer, version)))));
        yield return ("empty body", Request(Message.CreateMessage(version, action)));
        var oneWay = Message.CreateMessage(version, action, SessionCorpus.Reading(1));
        if (version.Addressing != AddressingVersion.None)
        {
            oneWay.Headers.To = To;
        }

        yield return ("one-way", oneWay);
    }

    private static IEnumerable<(string Name, byte[] Bytes)> HandWritten()
    {
        yield return ("CDATA", Envelope("<e:Echo xmlns:e=\"urn:x\">a<![CDATA[<b>&amp; ]] > \n\t]]>c<![CDATA[]]></e:Echo>"));
        yield return ("character references", Envelope("<e:Echo xmlns:e=\"urn:x\">&#65;&#x42;&#x1F600;&#13;&#10;&#9;&lt;&gt;&amp;&quot;&apos;</e:Echo>"));
        yield return ("references in attributes", Envelope("<e:Echo xmlns:e=\"urn:x\" v=\"&lt;&#10;&#x9;&#13;&amp;'\" w='\"&quot;'/>"));
        yield return ("single-quoted attributes", Envelope("<e:Echo xmlns:e='urn:x' a='1' e:b='2'>x</e:Echo>"));
        yield return ("default namespace redeclared", Envelope("<Echo xmlns=\"urn:x\"><Inner xmlns=\"urn:y\"><Leaf xmlns=\"\">v</Leaf></Inner></Echo>"));
        yield return ("indented", System.Text.Encoding.UTF8.GetBytes(
            "<s:Envelope xmlns:s=\"http://www.w3.org/2003/05/soap-envelope\" xmlns:a=\"http://www.w3.org/2005/08/addressing\">\r\n"
            + "  <s:Header>\r\n    <a:Action s:mustUnderstand=\"1\">urn:corpus/Submit</a:Action>\r\n  </s:Header>\r\n"
            + "  <s:Body>\n    <e:Echo xmlns:e=\"urn:x\">\n      <e:Item> spaced </e:Item>\n    </e:Echo>\n  </s:Body>\n</s:Envelope>\r\n"));
        yield return ("XML declaration", [.. "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"u8, .. Envelope("<e:Echo xmlns:e=\"urn:x\">d</e:Echo>")]);
        yield return ("XML declaration, standalone", [.. "<?xml version='1.0' standalone='yes' ?>"u8, .. Envelope("<e:Echo xmlns:e=\"urn:x\">d</e:Echo>")]);
        yield return ("byte order mark", [0xEF, 0xBB, 0xBF, .. Envelope("<e:Echo xmlns:e=\"urn:x\">bom</e:Echo>")]);
        yield return ("comments", Envelope("<e:Echo xmlns:e=\"urn:x\"><!-- a comment - with a dash -->x<!---->y</e:Echo>", "<!-- in the header -->"));
        yield return ("long prefixes", Envelope("<ns0:Echo xmlns:ns0=\"urn:x\" xmlns:Q=\"urn:q\"><Q:Item ns0:at=\"1\">v</Q:Item></ns0:Echo>"));
        yield return ("attributes in no namespace and in one", Envelope("<e:Echo xmlns:e=\"urn:x\" xmlns:f=\"urn:f\" id=\"1\" e:id=\"2\" f:other=\"\" empty=\"\">x</e:Echo>"));
        yield return ("whitespace in tags", Envelope("<e:Echo  xmlns:e = \"urn:x\"\r\n\ta = '1' >x</e:Echo >"));
        yield return ("names with digits, dots, dashes", Envelope("<e:Echo_1 xmlns:e=\"urn:x\"><e:a.b-c d-e.f=\"1\"/></e:Echo_1>"));
        yield return ("header with mustUnderstand", Envelope("<e:Echo xmlns:e=\"urn:x\"/>", "<h:Tenant xmlns:h=\"urn:h\" s:mustUnderstand=\"0\">t</h:Tenant>"));
        yield return ("mixed content", Envelope("<e:Echo xmlns:e=\"urn:x\">a<e:b>c</e:b>d<e:f/>g</e:Echo>"));
        yield return ("xml:lang", Envelope("<e:Echo xmlns:e=\"urn:x\" xml:lang=\"en\">x</e:Echo>"));
        yield return ("long text and attribute", Envelope($"<e:Echo xmlns:e=\"urn:x\" v=\"{new string('v', 300)}\">{new string('t', 70_000)}</e:Echo>"));
        yield return ("whitespace-only texts", Envelope("<e:Echo xmlns:e=\"urn:x\"> <e:a>  </e:a>\t<e:b>\r\n</e:b> </e:Echo>"));
        yield return ("empty elements both ways", Envelope("<e:Echo xmlns:e=\"urn:x\"><e:a/><e:b></e:b><e:c /></e:Echo>"));
    }

    private static Message Request(Message message)
    {
        if (message.Version.Addressing != AddressingVersion.None)
        {
            message.Headers.MessageId = new UniqueId(new Guid(7, 0x5E55, 0x10, 1, 2, 3, 4, 5, 6, 7, 8));
            message.Headers.ReplyTo = message.Version.Addressing == AddressingVersion.WSAddressing10 ? new EndpointAddress(EndpointAddress.AnonymousUri) : null;
            message.Headers.To = To;
        }

        return message;
    }

    private static Message Text(MessageVersion version, string? action, string text) =>
        Message.CreateMessage(version, action, new DelegateBodyWriter(writer => writer.WriteElementString("Echo", "urn:corpus:text", text)));
}
