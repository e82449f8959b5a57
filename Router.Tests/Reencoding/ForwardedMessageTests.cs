using System.ServiceModel.Channels;
using System.Text;
using System.Xml;
using SoapRouter.Reencoding;
using SoapRouter.Routing;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Encoding;

namespace SoapRouter.Tests.Reencoding;

/// <summary>
/// A same-version re-encode written in one pass from the received text envelope must write what WCF writes from the
/// message's headers: every header edit (replaced, added, removed) honoured, every other header and the body as received.
/// </summary>
public sealed class ForwardedMessageTests
{
    private const string Action = "http://tempuri.org/IEchoService/Echo";
    private static readonly Uri Destination = new("http://10.0.0.7:9080/binary");
    private static readonly WireLimits Limits = WireLimits.ForSize(1 << 20);
    private static readonly TextReaderPool Readers = new(new XmlDictionaryReaderQuotas { MaxDepth = 64, MaxStringContentLength = 1 << 20, MaxNameTableCharCount = 1 << 16 });

    private static string Request(bool typedHeader) =>
        "<s:Envelope xmlns:s=\"http://www.w3.org/2003/05/soap-envelope\" xmlns:a=\"http://www.w3.org/2005/08/addressing\""
        + " xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" xmlns:p=\"urn:types\"><s:Header>"
        + $"<a:Action s:mustUnderstand=\"1\">{Action}</a:Action><a:MessageID>urn:uuid:6f0d9a22-0000-4000-8000-00000000000a</a:MessageID>"
        + $"<t:Tenant xmlns:t=\"urn:t\" s:mustUnderstand=\"1\"{(typedHeader ? " xsi:type=\"p:TenantId\"" : "")}>acme</t:Tenant>"
        + "<a:ReplyTo><a:Address>http://www.w3.org/2005/08/addressing/anonymous</a:Address></a:ReplyTo>"
        + "<a:To s:mustUnderstand=\"1\">http://router/soap12</a:To><x:Trace xmlns:x=\"urn:x\">00-old</x:Trace></s:Header>"
        + "<s:Body><Echo xmlns=\"http://tempuri.org/\"><payload xsi:type=\"p:Text\">hello &amp; bye <![CDATA[<raw>]]></payload><empty/></Echo></s:Body></s:Envelope>";

    public static TheoryData<string> Edits => ["to", "to+messageId", "to+added", "to+removed", "none"];

    [Theory]
    [MemberData(nameof(Edits))]
    public void ToBinary_FromTheEnvelope_SameMessageAsFromWcfHeaders(string edits)
    {
        var fromEnvelope = Forward(edits, withEnvelope: true, typedHeader: false);
        var fromHeaders = Forward(edits, withEnvelope: false, typedHeader: false);

        Assert.Equal(fromHeaders, fromEnvelope);
        Assert.Contains("hello &amp; bye", fromEnvelope, StringComparison.Ordinal);
        Assert.Contains(">acme</t:Tenant>", fromEnvelope, StringComparison.Ordinal);
        Assert.Equal(!edits.Contains("removed", StringComparison.Ordinal), fromEnvelope.Contains("urn:x", StringComparison.Ordinal));
    }

    [Fact]
    public void ToBinary_FromTheEnvelope_EditsAppliedAndEnvelopePrefixesOfValuesDeclared()
    {
        // WCF writes a received header as it came, without the Envelope's declarations its attribute values use.
        var text = Forward("to+messageId+added", withEnvelope: true, typedHeader: true);
        var message = WireBindings.Soap12Http.CreateCodec(Limits).Read(new ArraySegment<byte>(Encoding.UTF8.GetBytes(text)));

        Assert.Equal(Destination, message.Headers.To);
        Assert.Equal("urn:uuid:00000000-0000-4000-8000-0000000000bb", message.Headers.MessageId.ToString());
        Assert.Equal(Action, message.Headers.Action);
        Assert.Equal("added", message.Headers.GetHeader<string>("Extra", "urn:extra"));
        var tenant = message.Headers.FindHeader("Tenant", "urn:t");
        Assert.True(message.Headers[tenant].MustUnderstand, "the Tenant header keeps mustUnderstand");

        // xsi:type="p:..." in a header and in the body: p was declared on the Envelope, which is not copied.
        using var reader = XmlReader.Create(new StringReader(text));
        var typed = 0;
        while (reader.Read())
        {
            if (reader.NodeType == XmlNodeType.Element && reader.GetAttribute("type", "http://www.w3.org/2001/XMLSchema-instance") is { } type)
            {
                Assert.Equal("urn:types", reader.LookupNamespace(type[..type.IndexOf(':', StringComparison.Ordinal)]));
                typed++;
            }
        }

        Assert.Equal(2, typed);
    }

    /// <summary>The request forwarded to msbin1 after <paramref name="edits"/>, read back and written as SOAP 1.2 text.</summary>
    private static string Forward(string edits, bool withEnvelope, bool typedHeader)
    {
        var bytes = new ArraySegment<byte>(Encoding.UTF8.GetBytes(Request(typedHeader)));
        var received = WireBindings.Soap12Http.CreateCodec(Limits).Read(bytes);
        var envelope = withEnvelope ? SoapBodySource.Text(bytes, Readers) : default;
        var outgoing = MessageBridge.ForDestination(received, WireBindings.BinaryHttp, Destination, Action, envelope).Message;
        if (!edits.Contains("to", StringComparison.Ordinal))
        {
            outgoing.Headers.To = new Uri("http://router/soap12");
        }

        if (edits.Contains("messageId", StringComparison.Ordinal))
        {
            outgoing.Headers.MessageId = new UniqueId("urn:uuid:00000000-0000-4000-8000-0000000000bb");
        }

        if (edits.Contains("added", StringComparison.Ordinal))
        {
            outgoing.Headers.Add(MessageHeader.CreateHeader("Extra", "urn:extra", "added"));
        }

        if (edits.Contains("removed", StringComparison.Ordinal))
        {
            outgoing.Headers.RemoveAll("Trace", "urn:x");
        }

        var binary = WireBindings.BinaryHttp.CreateCodec(Limits).WriteToArray(outgoing);
        var read = WireBindings.BinaryHttp.CreateCodec(Limits).Read(new ArraySegment<byte>(binary));
        return Encoding.UTF8.GetString(WireBindings.Soap12Http.CreateCodec(Limits).WriteToArray(read));
    }
}
