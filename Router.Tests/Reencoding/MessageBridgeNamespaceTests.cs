using System.ServiceModel.Channels;
using System.Text;
using System.Xml.Linq;
using SoapRouter.Reencoding;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Encoding;

namespace SoapRouter.Tests.Reencoding;

/// <summary>
/// Namespace declarations on the Envelope (or Body) that body content uses only inside attribute values
/// (xsi:type="p:T") survive a re-encode: the new envelope is WCF's, so the router declares them on the elements that use them.
/// </summary>
public sealed class MessageBridgeNamespaceTests
{
    private const string Action = "http://tempuri.org/IEchoService/Echo";
    private static readonly XNamespace Xsi = "http://www.w3.org/2001/XMLSchema-instance";
    private static readonly WireLimits Limits = WireLimits.ForSize(1 << 20);

    public static TheoryData<string, string> Pairs => new()
    {
        { WireBindingNames.Soap12Http, WireBindingNames.BasicHttp },
        { WireBindingNames.BasicHttp, WireBindingNames.Soap12Http },
        { WireBindingNames.Soap12Http, WireBindingNames.BinaryHttp },
        { WireBindingNames.BasicHttp, WireBindingNames.BinaryHttp },
    };

    [Theory]
    [MemberData(nameof(Pairs))]
    public void QNameInAnAttributeValue_StillResolves_AfterReencoding(string from, string to)
    {
        var (source, target) = (WireBindings.Get(from), WireBindings.Get(to));
        var received = Read(source, Request(source));

        var outgoing = MessageBridge.ForDestination(received, target, new Uri("http://10.0.0.7:9080/x"), Action);
        var written = target.CreateCodec(Limits).WriteToArray(outgoing.Message);

        // Read back by the target's encoder and written as text, so a binary target is checked the same way.
        var text = Encoding.UTF8.GetString(WireBindings.Soap12Http.CreateCodec(Limits).WriteToArray(
            MessageBridge.ForDestination(Read(target, written), WireBindings.Soap12Http, new Uri("http://check/"), Action).Message));
        var payload = XDocument.Parse(text).Descendants(XName.Get("payload", "http://tempuri.org/")).Single();
        var type = (string)payload.Attribute(Xsi + "type")!;
        Assert.Equal("p:Special", type);
        Assert.Equal("urn:types", payload.GetNamespaceOfPrefix("p")?.NamespaceName);
        var reference = payload.Element(XName.Get("ref", "http://tempuri.org/"))!;
        Assert.Equal("q:Value", (string?)reference.Attribute(Xsi + "type"));
        Assert.Equal("urn:other", reference.GetNamespaceOfPrefix("q")?.NamespaceName);
    }

    [Fact]
    public void ADeclarationTheBodyElementMakesItself_IsNotWrittenTwice()
    {
        var request = Encoding.UTF8.GetBytes(
            "<s:Envelope xmlns:s=\"http://schemas.xmlsoap.org/soap/envelope/\" xmlns:p=\"urn:envelope\"><s:Body>"
            + "<Echo xmlns=\"http://tempuri.org/\" xmlns:p=\"urn:own\"><payload>p:x</payload></Echo></s:Body></s:Envelope>");

        var outgoing = MessageBridge.ForDestination(Read(WireBindings.BasicHttp, request), WireBindings.Soap12Http, new Uri("http://10.0.0.7/x"), Action);
        var text = Encoding.UTF8.GetString(WireBindings.Soap12Http.CreateCodec(Limits).WriteToArray(outgoing.Message));

        var echo = XDocument.Parse(text).Descendants(XName.Get("Echo", "http://tempuri.org/")).Single();
        Assert.Equal("urn:own", echo.GetNamespaceOfPrefix("p")?.NamespaceName);
        Assert.DoesNotContain("urn:envelope", text, StringComparison.Ordinal);
    }

    private static byte[] Request(WireBinding binding)
    {
        var envelope = binding.IsSoap12 ? "http://www.w3.org/2003/05/soap-envelope" : "http://schemas.xmlsoap.org/soap/envelope/";
        var headers = binding.UsesAddressing
            ? $"<s:Header><a:Action s:mustUnderstand=\"1\">{Action}</a:Action><a:MessageID>urn:uuid:6f0d9a22-0000-4000-8000-00000000000b</a:MessageID>"
              + "<a:ReplyTo><a:Address>http://www.w3.org/2005/08/addressing/anonymous</a:Address></a:ReplyTo><a:To s:mustUnderstand=\"1\">http://router/x</a:To></s:Header>"
            : "";
        return Encoding.UTF8.GetBytes(
            $"<s:Envelope xmlns:s=\"{envelope}\" xmlns:a=\"http://www.w3.org/2005/08/addressing\" xmlns:p=\"urn:types\" "
            + "xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\">"
            + headers
            + "<s:Body xmlns:q=\"urn:other\"><Echo xmlns=\"http://tempuri.org/\"><payload xsi:type=\"p:Special\"><ref xsi:type=\"q:Value\">x</ref></payload></Echo></s:Body></s:Envelope>");
    }

    private static Message Read(WireBinding binding, byte[] bytes) => binding.CreateCodec(Limits).Read(new ArraySegment<byte>(bytes));
}
