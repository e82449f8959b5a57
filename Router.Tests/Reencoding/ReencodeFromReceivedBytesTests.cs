using System.ServiceModel.Channels;
using System.Text;
using System.Xml;
using SoapRouter.Reencoding;
using SoapRouter.Routing;
using SoapRouter.Tests.Listening;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Encoding;

namespace SoapRouter.Tests.Reencoding;

/// <summary>
/// With the bytes a message was read from (a client's text request, a destination's text or msbin1 reply), the re-encode
/// takes the declarations the body sees from the Envelope and Body, and a same-version message its headers, from one
/// pooled reader over those bytes: WCF's message is never asked for its start tags again (each such call opens a new
/// reader over its buffer), and the message written is the one written without the bytes.
/// </summary>
public sealed class ReencodeFromReceivedBytesTests
{
    private const string Action = "http://tempuri.org/IEchoService/Echo";
    private static readonly WireLimits Limits = WireLimits.ForSize(1 << 20);
    private static readonly XmlDictionaryReaderQuotas Quotas = new() { MaxDepth = 64, MaxStringContentLength = 1 << 20, MaxNameTableCharCount = 1 << 16 };
    private static readonly TextReaderPool TextReaders = new(Quotas);
    private static readonly Msbin1ReaderPool Msbin1Readers = new(Quotas);

    [Theory]
    [InlineData(WireBindingNames.BinaryHttp, WireBindingNames.Soap12Http)]
    [InlineData(WireBindingNames.BinaryHttp, WireBindingNames.BasicHttp)]
    [InlineData(WireBindingNames.Soap12Http, WireBindingNames.BinaryHttp)]
    [InlineData(WireBindingNames.BasicHttp, WireBindingNames.Soap12Http)]
    public void Reply_WithItsBytes_DeclarationsFromThemAndTheReplyNotOpenedAgain(string destination, string listener)
    {
        var (source, target) = (WireBindings.Get(destination), WireBindings.Get(listener));
        var bytes = Encoded(source);
        var reply = new ReopenCountingMessage(Read(source, bytes));

        var forClient = MessageBridge.ForClient(reply, target, relatesTo: null, maxFaultSize: 65536, Envelope(source, bytes));
        var written = AsText(target, target.CreateCodec(Limits).WriteToArray(forClient));

        Assert.Equal(0, reply.StartTagsWritten);
        AssertResolves(written);
        Assert.Equal(WithoutTheBytes(source, bytes, b => MessageBridge.ForClient(b, target, relatesTo: null, maxFaultSize: 65536), target), written);
    }

    [Theory]
    [InlineData(WireBindingNames.BasicHttp, WireBindingNames.BinaryHttp)]
    [InlineData(WireBindingNames.BasicHttp, WireBindingNames.Soap12Http)]
    [InlineData(WireBindingNames.Soap12Http, WireBindingNames.BasicHttp)]
    [InlineData(WireBindingNames.Soap12Http, WireBindingNames.BinaryHttp)]
    public void Request_WithItsTextBytes_DeclarationsFromThemAndTheRequestNotOpenedAgain(string from, string to)
    {
        var (source, target) = (WireBindings.Get(from), WireBindings.Get(to));
        var bytes = Encoded(source);
        var request = new ReopenCountingMessage(Read(source, bytes));
        var address = new Uri("http://10.0.0.7:9080/x");

        var outgoing = MessageBridge.ForDestination(request, target, address, Action, Envelope(source, bytes)).Message;
        var written = AsText(target, target.CreateCodec(Limits).WriteToArray(outgoing));

        Assert.Equal(0, request.StartTagsWritten);
        AssertResolves(written);
        // A basicHttp request gets a MessageID of the router's making, new each time.
        Assert.Equal(
            NewMessageIdsAlike(WithoutTheBytes(source, bytes, b => MessageBridge.ForDestination(b, target, address, Action).Message, target)),
            NewMessageIdsAlike(written));
    }

    [Fact]
    public void Reply_WithoutItsBytes_ReadsTheStartTagsFromWcfsMessage()
    {
        // The counter sees what the tests above rule out: without the bytes (a session's message) WCF's message is asked.
        var bytes = Encoded(WireBindings.BinaryHttp);
        var reply = new ReopenCountingMessage(Read(WireBindings.BinaryHttp, bytes));

        var forClient = MessageBridge.ForClient(reply, WireBindings.Soap12Http, relatesTo: null, maxFaultSize: 65536);
        AssertResolves(WireBindings.Soap12Http.CreateCodec(Limits).WriteToArray(forClient) is var text ? Encoding.UTF8.GetString(text) : "");

        Assert.Equal(2, reply.StartTagsWritten);
    }

    private static string NewMessageIdsAlike(string text) =>
        System.Text.RegularExpressions.Regex.Replace(text, "urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", "urn:uuid:new");

    /// <summary>The same bytes re-encoded from WCF's message alone, as before the bytes were kept.</summary>
    private static string WithoutTheBytes(WireBinding source, byte[] bytes, Func<Message, Message> bridge, WireBinding target)
    {
        using var message = bridge(Read(source, bytes));
        return AsText(target, target.CreateCodec(Limits).WriteToArray(message));
    }

    private static SoapBodySource Envelope(WireBinding binding, byte[] bytes) => binding.IsBinary
        ? SoapBodySource.Msbin1(new ArraySegment<byte>(bytes), Msbin1Readers)
        : SoapBodySource.Text(new ArraySegment<byte>(bytes), TextReaders);

    /// <summary><c>ns:Thing</c> in the text of type (ns declared on the Envelope only) and <c>q:Kind</c> in kind (q on the Body only) resolve.</summary>
    private static void AssertResolves(string text)
    {
        using var reader = XmlReader.Create(new StringReader(text));
        var found = 0;
        reader.Read();
        while (!reader.EOF)
        {
            if (reader.NodeType == XmlNodeType.Element && reader.NamespaceURI == "urn:svc" && reader.LocalName is "type" or "kind")
            {
                var (prefix, ns) = reader.LocalName == "type" ? ("ns", "urn:x") : ("q", "urn:body");
                Assert.Equal(ns, reader.LookupNamespace(prefix));
                reader.Skip();
                found++;
                continue;
            }

            reader.Read();
        }

        Assert.Equal(2, found);
    }

    private static byte[] Encoded(WireBinding binding)
    {
        var envelope = binding.IsSoap12 ? "http://www.w3.org/2003/05/soap-envelope" : "http://schemas.xmlsoap.org/soap/envelope/";
        var headers = binding.UsesAddressing
            ? $"<soap:Header><a:Action soap:mustUnderstand=\"1\">{Action}</a:Action><a:MessageID>urn:uuid:6f0d9a22-0000-4000-8000-00000000000c</a:MessageID>"
              + "<a:ReplyTo><a:Address>http://www.w3.org/2005/08/addressing/anonymous</a:Address></a:ReplyTo><a:To soap:mustUnderstand=\"1\">http://router/x</a:To>"
              + "<t:Tenant xmlns:t=\"urn:t\" t:scope=\"all\">acme</t:Tenant></soap:Header>"
            : "<soap:Header><t:Tenant xmlns:t=\"urn:t\" t:scope=\"all\">acme</t:Tenant></soap:Header>";
        var text = Encoding.UTF8.GetBytes(
            $"<soap:Envelope xmlns:soap=\"{envelope}\" xmlns:a=\"http://www.w3.org/2005/08/addressing\" xmlns:ns=\"urn:x\">"
            + headers
            + "<soap:Body xmlns:q=\"urn:body\"><Op xmlns=\"urn:svc\"><type>ns:Thing</type><kind>q:Kind</kind><v>1 &amp; 2</v></Op></soap:Body></soap:Envelope>");
        return binding.Name == WireBindingNames.BinaryHttp ? SoapMessages.ToMsbin1(text) : text;
    }

    /// <summary>The bytes as text: msbin1 read by WCF's encoder and written as SOAP 1.2 text as it is.</summary>
    private static string AsText(WireBinding binding, byte[] bytes) =>
        binding.Name == WireBindingNames.BinaryHttp ? SoapMessages.Msbin1ToText(bytes) : Encoding.UTF8.GetString(bytes);

    private static Message Read(WireBinding binding, byte[] bytes) => binding.CreateCodec(Limits).Read(new ArraySegment<byte>(bytes));
}
