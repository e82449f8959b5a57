using System.Runtime.Serialization;
using System.Text;
using System.Xml;
using Samples.Contracts;
using Samples.Payloads;
using LoadClient.CommandLine;
using LoadClient.Envelopes;

namespace SoapRouter.Tests.LoadClient;

public sealed class SoapEnvelopeBuilderTests
{
    private const string Soap11 = "http://schemas.xmlsoap.org/soap/envelope/";
    private const string Soap12 = "http://www.w3.org/2003/05/soap-envelope";
    private const string Wsa = "http://www.w3.org/2005/08/addressing";
    private static readonly Uri To = new("http://backend.internal:9000/orders");

    [Fact]
    public void Build_BasicHttpEcho_IsSoap11WithSoapActionHeaderAndNoAddressing()
    {
        var payload = new PayloadGenerator(PayloadProfile.Compressible, 1).CreateEcho(2048, PayloadEncoding.TextXml);

        var template = SoapEnvelopeBuilder.Build(LoadBinding.BasicHttp, OperationCalls.Echo(payload), To);

        Assert.Equal("text/xml; charset=utf-8", template.ContentType);
        Assert.Equal("\"" + EchoServiceActions.Echo + "\"", template.SoapActionHeader);
        Assert.Equal(EchoServiceActions.Echo, template.Action);
        Assert.Null(template.MessageId);
        Assert.Equal((byte)'<', template.Body[0]);
        var document = LoadText(template.Body);
        var envelope = document.DocumentElement!;
        Assert.Equal(("Envelope", Soap11), (envelope.LocalName, envelope.NamespaceURI));
        Assert.Null(Child(envelope, "Header", Soap11));
        var body = Child(envelope, "Body", Soap11)!;
        var wrapper = Assert.IsType<XmlElement>(body.FirstChild);
        Assert.Equal(("Echo", ContractNamespaces.Service), (wrapper.LocalName, wrapper.NamespaceURI));
        var parameter = Assert.IsType<XmlElement>(wrapper.FirstChild);
        var echoed = ReadParameter<EchoPayload>(parameter, "payload");
        Assert.Equal(payload.Text, echoed.Text);
    }

    [Fact]
    public void Build_Soap12GetOrders_HasActionToMessageIdAndReplyTo()
    {
        var template = SoapEnvelopeBuilder.Build(LoadBinding.Soap12Http, OperationCalls.GetOrders(42), To);

        Assert.Equal($"application/soap+xml; charset=utf-8; action=\"{OrderServiceActions.GetOrders}\"", template.ContentType);
        Assert.Null(template.SoapActionHeader);
        Assert.NotNull(template.MessageId);
        var envelope = LoadText(template.Body).DocumentElement!;
        AssertSoap12Envelope(envelope, OrderServiceActions.GetOrders, To, expectMessageId: true);
        var wrapper = (XmlElement)Child(envelope, "Body", Soap12)!.FirstChild!;
        Assert.Equal(("GetOrders", ContractNamespaces.Service), (wrapper.LocalName, wrapper.NamespaceURI));
        Assert.Equal("42", Child(wrapper, "count", ContractNamespaces.Service)!.InnerText);
    }

    [Fact]
    public void Build_BinaryEcho_IsMsbin1Soap12ThatReadsBackWithTheBinaryReader()
    {
        var payload = new PayloadGenerator(PayloadProfile.Incompressible, 1).CreateEcho(4096, PayloadEncoding.BinaryXml);

        var template = SoapEnvelopeBuilder.Build(LoadBinding.BinaryHttp, OperationCalls.Echo(payload), To);

        Assert.Equal("application/soap+msbin1", template.ContentType);
        Assert.Null(template.SoapActionHeader);
        Assert.True(template.MessageId!.Value.Binary);
        var envelope = LoadBinary(template.Body).DocumentElement!;
        AssertSoap12Envelope(envelope, EchoServiceActions.Echo, To, expectMessageId: true);
        var parameter = (XmlElement)Child(envelope, "Body", Soap12)!.FirstChild!.FirstChild!;
        Assert.Equal(payload.Blob, ReadParameter<EchoPayload>(parameter, "payload").Blob);

        // Blob bytes are raw in binary XML, not base64: the body is barely larger than the payload.
        Assert.InRange(template.Body.Length, 4096, 4096 + 800);
    }

    [Fact]
    public void Build_OneWaySubmitOrder_HasNoMessageIdOrReplyTo()
    {
        var order = new PayloadGenerator(PayloadProfile.Compressible, 1).GetOrders(1)[0];

        var template = SoapEnvelopeBuilder.Build(LoadBinding.Soap12Http, OperationCalls.SubmitOrder(order), To);

        Assert.True(template.OneWay);
        Assert.Null(template.MessageId);
        var envelope = LoadText(template.Body).DocumentElement!;
        AssertSoap12Envelope(envelope, OrderServiceActions.SubmitOrder, To, expectMessageId: false);
        var parameter = (XmlElement)Child(envelope, "Body", Soap12)!.FirstChild!.FirstChild!;
        Assert.Equal(order.CustomerId, ReadParameter<Order>(parameter, "order").CustomerId);
    }

    [Theory]
    [InlineData("soap12Http")]
    [InlineData("binaryHttp")]
    public async Task TemplateContent_EachRequest_CarriesItsOwnMessageIdAndOtherwiseTheSameBytes(string bindingName)
    {
        var binding = Enum.Parse<LoadBinding>(bindingName, ignoreCase: true);
        var template = SoapEnvelopeBuilder.Build(binding, OperationCalls.GetOrders(3), To);

        var first = await ReadContentAsync(template);
        var second = await ReadContentAsync(template);

        Assert.Equal(template.Body.Length, first.Length);
        Assert.Equal(template.Body.Length, second.Length);
        var slot = template.MessageId!.Value;
        Assert.NotEqual(first.AsSpan(slot.Offset, slot.Length).ToArray(), second.AsSpan(slot.Offset, slot.Length).ToArray());
        Assert.Equal(first[..slot.Offset], second[..slot.Offset]);
        Assert.Equal(first[(slot.Offset + slot.Length)..], second[(slot.Offset + slot.Length)..]);
        var ids = new[] { first, second }
            .Select(bytes => binding == LoadBinding.BinaryHttp ? LoadBinary(bytes) : LoadText(bytes))
            .Select(document => Header(document.DocumentElement!, "MessageID")!.InnerText)
            .ToArray();
        Assert.All(ids, id => Assert.Matches("^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$", id));
        Assert.NotEqual(ids[0], ids[1]);
    }

    [Fact]
    public void OperationCalls_ForOptions_SizesTheEchoPayloadForTheEncoding()
    {
        var options = LoadOptionsParser.Parse(["--url", "http://127.0.0.1/", "--size", "20000", "--binding", "binaryHttp"]).Options!;

        var template = SoapEnvelopeBuilder.Build(options.Binding, OperationCalls.For(options, PayloadEncoding.BinaryXml), options.To);

        Assert.InRange(template.Body.Length, 19_000, 21_500);
    }

    private static void AssertSoap12Envelope(XmlElement envelope, string action, Uri to, bool expectMessageId)
    {
        Assert.Equal(("Envelope", Soap12), (envelope.LocalName, envelope.NamespaceURI));
        var actionHeader = Header(envelope, "Action")!;
        Assert.Equal(action, actionHeader.InnerText);
        Assert.Equal("1", actionHeader.GetAttribute("mustUnderstand", Soap12));
        var toHeader = Header(envelope, "To")!;
        Assert.Equal(to.AbsoluteUri, toHeader.InnerText);
        Assert.Equal("1", toHeader.GetAttribute("mustUnderstand", Soap12));
        Assert.Equal(expectMessageId, Header(envelope, "MessageID") is not null);
        var replyTo = Header(envelope, "ReplyTo");
        Assert.Equal(expectMessageId, replyTo is not null);
        if (replyTo is not null)
        {
            Assert.Equal("http://www.w3.org/2005/08/addressing/anonymous", Child(replyTo, "Address", Wsa)!.InnerText);
        }
    }

    private static XmlElement? Header(XmlElement envelope, string name) =>
        Child(Child(envelope, "Header", envelope.NamespaceURI)!, name, Wsa);

    private static XmlElement? Child(XmlElement parent, string localName, string ns) =>
        parent.ChildNodes.OfType<XmlElement>().SingleOrDefault(e => e.LocalName == localName && e.NamespaceURI == ns);

    private static T ReadParameter<T>(XmlElement parameter, string name)
    {
        Assert.Equal((name, ContractNamespaces.Service), (parameter.LocalName, parameter.NamespaceURI));
        using var reader = new XmlNodeReader(parameter);
        return (T)new DataContractSerializer(typeof(T), name, ContractNamespaces.Service).ReadObject(reader)!;
    }

    private static XmlDocument LoadText(byte[] body)
    {
        var document = new XmlDocument();
        document.LoadXml(Encoding.UTF8.GetString(body));
        return document;
    }

    private static XmlDocument LoadBinary(byte[] body)
    {
        using var reader = XmlDictionaryReader.CreateBinaryReader(body, XmlDictionaryReaderQuotas.Max);
        var document = new XmlDocument();
        document.Load(reader);
        return document;
    }

    private static async Task<byte[]> ReadContentAsync(SoapRequestTemplate template)
    {
        using var content = new global::LoadClient.Driving.TemplateContent(template);
        return await content.ReadAsByteArrayAsync();
    }
}
