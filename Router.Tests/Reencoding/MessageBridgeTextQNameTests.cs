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
/// A QName in element text whose prefix only the received Envelope (or Body) declares resolves the same way after every
/// re-encode: across SOAP versions both ways, from text and from msbin1, and within one version (the one-pass writer
/// from the text envelope and WCF's), on requests and on replies.
/// </summary>
public sealed class MessageBridgeTextQNameTests
{
    private const string Action = "http://tempuri.org/IEchoService/Echo";
    private static readonly WireLimits Limits = WireLimits.ForSize(1 << 20);
    private static readonly TextReaderPool Readers = new(new XmlDictionaryReaderQuotas { MaxDepth = 64, MaxStringContentLength = 1 << 20, MaxNameTableCharCount = 1 << 16 });

    public static TheoryData<string, string, bool> Requests => new()
    {
        { WireBindingNames.BasicHttp, WireBindingNames.Soap12Http, false },
        { WireBindingNames.Soap12Http, WireBindingNames.BasicHttp, false },
        { WireBindingNames.BasicHttp, WireBindingNames.BinaryHttp, false },
        { WireBindingNames.BinaryHttp, WireBindingNames.BasicHttp, false },
        { WireBindingNames.Soap12Http, WireBindingNames.BinaryHttp, true },
        { WireBindingNames.Soap12Http, WireBindingNames.BinaryHttp, false },
        { WireBindingNames.BinaryHttp, WireBindingNames.Soap12Http, false },
    };

    [Theory]
    [MemberData(nameof(Requests))]
    public void Request_QNameInTextWithTheEnvelopesPrefix_ResolvesAtTheDestination(string from, string to, bool fromTextEnvelope)
    {
        var (source, target) = (WireBindings.Get(from), WireBindings.Get(to));
        var bytes = Encoded(source);
        var received = Read(source, bytes);
        var envelope = fromTextEnvelope ? SoapBodySource.Text(new ArraySegment<byte>(bytes), Readers) : default;

        var outgoing = MessageBridge.ForDestination(received, target, new Uri("http://10.0.0.7:9080/x"), Action, envelope);

        AssertResolves(AsText(target, target.CreateCodec(Limits).WriteToArray(outgoing.Message)));
    }

    [Theory]
    [InlineData(WireBindingNames.Soap12Http, WireBindingNames.BasicHttp)]
    [InlineData(WireBindingNames.BasicHttp, WireBindingNames.Soap12Http)]
    [InlineData(WireBindingNames.BinaryHttp, WireBindingNames.Soap12Http)]
    public void Reply_QNameInTextWithTheEnvelopesPrefix_ResolvesAtTheClient(string destination, string listener)
    {
        var (source, target) = (WireBindings.Get(destination), WireBindings.Get(listener));
        var reply = Read(source, Encoded(source));

        var forClient = MessageBridge.ForClient(reply, target, relatesTo: null, maxFaultSize: 65536);

        AssertResolves(AsText(target, target.CreateCodec(Limits).WriteToArray(forClient)));
    }

    /// <summary>What the destination (or client) reads: <c>ns:Thing</c> in the text of type, ns declared on the Envelope only; q on the Body.</summary>
    private static void AssertResolves(string text)
    {
        using var reader = XmlReader.Create(new StringReader(text));
        var found = 0;
        reader.Read();
        while (!reader.EOF)
        {
            if (reader.NodeType == XmlNodeType.Element && reader.NamespaceURI == "urn:svc" && reader.LocalName is "type" or "kind")
            {
                var expected = reader.LocalName == "type" ? ("ns", "urn:x") : ("q", "urn:body");
                Assert.Equal(expected.Item2, reader.LookupNamespace(expected.Item1));
                // Leaves the reader on the node after the element: no Read() past it.
                Assert.Equal(expected.Item1 + (expected.Item1 == "ns" ? ":Thing" : ":Kind"), reader.ReadElementContentAsString());
                found++;
                continue;
            }

            reader.Read();
        }

        Assert.Equal(2, found);
    }

    private static byte[] Encoded(WireBinding binding)
    {
        var soap12 = binding.IsSoap12;
        var envelope = soap12 ? "http://www.w3.org/2003/05/soap-envelope" : "http://schemas.xmlsoap.org/soap/envelope/";
        var headers = binding.UsesAddressing
            ? $"<soap:Header><a:Action soap:mustUnderstand=\"1\">{Action}</a:Action><a:MessageID>urn:uuid:6f0d9a22-0000-4000-8000-00000000000c</a:MessageID>"
              + "<a:ReplyTo><a:Address>http://www.w3.org/2005/08/addressing/anonymous</a:Address></a:ReplyTo><a:To soap:mustUnderstand=\"1\">http://router/x</a:To></soap:Header>"
            : "";
        var text = Encoding.UTF8.GetBytes(
            $"<soap:Envelope xmlns:soap=\"{envelope}\" xmlns:a=\"http://www.w3.org/2005/08/addressing\" xmlns:ns=\"urn:x\">"
            + headers
            + "<soap:Body xmlns:q=\"urn:body\"><Op xmlns=\"urn:svc\"><type>ns:Thing</type><kind>q:Kind</kind></Op></soap:Body></soap:Envelope>");
        return binding.Name == WireBindingNames.BinaryHttp ? SoapMessages.ToMsbin1(text) : text;
    }

    /// <summary>The bytes as text, msbin1 read by WCF's encoder and written as SOAP 1.2 text as it is (no router code in between).</summary>
    private static string AsText(WireBinding binding, byte[] bytes) =>
        binding.Name == WireBindingNames.BinaryHttp ? SoapMessages.Msbin1ToText(bytes) : Encoding.UTF8.GetString(bytes);

    private static Message Read(WireBinding binding, byte[] bytes) => binding.CreateCodec(Limits).Read(new ArraySegment<byte>(bytes));
}
