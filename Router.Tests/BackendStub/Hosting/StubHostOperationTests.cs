using System.Net;
using System.Security.Cryptography;
using Samples.Contracts;
using BackendStub.Hosting;
using Samples.Payloads;
using SoapRouter.Tests.Samples.Contracts;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Soap;

namespace SoapRouter.Tests.BackendStub.Hosting;

/// <summary>The stub's operations over real HTTP on every binding.</summary>
public sealed class StubHostOperationTests
{
    public static TheoryData<string> Bindings => [WireBindingNames.BasicHttp, WireBindingNames.Soap12Http, WireBindingNames.BinaryHttp];

    [Theory]
    [MemberData(nameof(Bindings))]
    public async Task Echo_EveryBinding_ReturnsThePayloadItReceived(string bindingName)
    {
        var binding = WireBindings.Get(bindingName);
        await using var stub = await RunningStub.StartAsync();
        var blob = RandomNumberGenerator.GetBytes(300);
        var request = StubEnvelopes.Echo(binding, "héllo <&> world", stub.Address(binding), blob);

        var reply = await stub.SendAsync(request);

        Assert.Equal(HttpStatusCode.OK, reply.StatusCode);
        Assert.Equal(StubCodecs.For(binding).ContentType, reply.ContentType);
        var echoed = reply.ReadEcho();
        Assert.NotNull(echoed);
        Assert.Equal("héllo <&> world", echoed.Text);
        Assert.Equal(blob, echoed.Blob);
    }

    [Theory]
    [MemberData(nameof(Bindings))]
    public async Task Echo_ComplexPreset_RoundTripsTwoHundredKilobytes(string bindingName)
    {
        var binding = WireBindings.Get(bindingName);
        await using var stub = await RunningStub.StartAsync();
        var encoding = binding.IsBinary ? PayloadEncoding.BinaryXml : PayloadEncoding.TextXml;
        var payload = MessagePresets.Complex.CreateEcho(seed: 5, encoding);

        var reply = await stub.SendAsync(StubEnvelopes.Echo(binding, payload, stub.Address(binding)));

        Assert.Equal(HttpStatusCode.OK, reply.StatusCode);
        Assert.True(reply.Body.Length > 150_000, $"reply of {reply.Body.Length} bytes");
        Assert.Equal(payload.Blob, reply.ReadEcho()!.Blob);
    }

    [Theory]
    [InlineData(WireBindingNames.Soap12Http)]
    [InlineData(WireBindingNames.BinaryHttp)]
    public async Task Reply_WsAddressingBindings_CarriesReplyActionAndRelatesToTheRequest(string bindingName)
    {
        var binding = WireBindings.Get(bindingName);
        await using var stub = await RunningStub.StartAsync();
        var request = StubEnvelopes.Echo(binding, "x", stub.Address(binding));

        var reply = await stub.SendAsync(request);

        Assert.Equal(EchoServiceActions.EchoResponse, reply.AddressingHeader("Action"));
        Assert.Equal(request.MessageId, reply.AddressingHeader("RelatesTo"));
    }

    [Fact]
    public async Task Echo_Msbin1WithoutADictionary_IsReadToo()
    {
        // Every name inline (as tools without WCF's dictionary write msbin1) is still valid msbin1 for WCF's reader.
        await using var stub = await RunningStub.StartAsync();
        var address = stub.Address(WireBindings.BinaryHttp);
        const string S = SoapNamespaces.Soap12Envelope, A = SoapNamespaces.Addressing10;
        using var stream = new MemoryStream();
        using (var writer = System.Xml.XmlDictionaryWriter.CreateBinaryWriter(stream, dictionary: null, session: null, ownsStream: false))
        {
            writer.WriteStartElement("s", "Envelope", S);
            writer.WriteStartElement("s", "Header", S);
            writer.WriteElementString("a", "Action", A, EchoServiceActions.Echo);
            writer.WriteElementString("a", "MessageID", A, "urn:uuid:0f8fad5b-d9cb-469f-a165-70867728950e");
            writer.WriteElementString("a", "To", A, address.AbsoluteUri);
            writer.WriteEndElement();
            writer.WriteStartElement("s", "Body", S);
            OperationMessages.EchoRequest.Write(writer, new EchoPayload { Text = "inline names" });
            writer.WriteEndElement();
            writer.WriteEndElement();
        }

        var request = new StubRequest(WireBindings.BinaryHttp, stream.ToArray(), "application/soap+msbin1", null, "urn:uuid:0f8fad5b-d9cb-469f-a165-70867728950e");
        var reply = await stub.SendAsync(request);

        Assert.Equal(HttpStatusCode.OK, reply.StatusCode);
        Assert.Equal("inline names", reply.ReadEcho()!.Text);
        Assert.Equal(request.MessageId, reply.AddressingHeader("RelatesTo"));
    }

    [Fact]
    public async Task Reply_BasicHttp_HasNoHeaderAndTextXmlContentType()
    {
        await using var stub = await RunningStub.StartAsync();

        var reply = await stub.SendAsync(StubEnvelopes.Echo(WireBindings.BasicHttp, "x"));

        // The raw text, not a re-serialization: no Header (and so no Action header) is on the wire.
        var envelope = System.Xml.Linq.XDocument.Parse(System.Text.Encoding.UTF8.GetString(reply.Body));
        Assert.Equal("text/xml; charset=utf-8", reply.ContentType);
        Assert.Equal(XNameOf(SoapNamespaces.Soap11Envelope, "Envelope"), envelope.Root!.Name);
        Assert.Null(envelope.Root.Element(XNameOf(SoapNamespaces.Soap11Envelope, "Header")));
    }

    [Theory]
    [MemberData(nameof(Bindings))]
    public async Task GetOrders_Five_ReturnsTheGeneratorsFiveOrders(string bindingName)
    {
        var binding = WireBindings.Get(bindingName);
        var options = new StubOptions { Profile = PayloadProfile.Incompressible, Seed = 7 };
        await using var stub = await RunningStub.StartAsync(options);

        var reply = await stub.SendAsync(StubEnvelopes.GetOrders(binding, 5, stub.Address(binding)));

        Assert.Equal(HttpStatusCode.OK, reply.StatusCode);
        var orders = reply.ReadOrders();
        Assert.NotNull(orders);
        OrderAssert.Equal(new PayloadGenerator(PayloadProfile.Incompressible, 7).GetOrders(5), orders);
    }

    [Fact]
    public async Task GetOrders_Text_HasTheDocumentedWrappedShape()
    {
        await using var stub = await RunningStub.StartAsync();

        var reply = await stub.SendAsync(StubEnvelopes.GetOrders(WireBindings.Soap12Http, 2, stub.Address(WireBindings.Soap12Http)));

        var body = reply.Envelope().Root!.Element(XNameOf(SoapNamespaces.Soap12Envelope, "Body"))!;
        var response = Assert.Single(body.Elements());
        Assert.Equal(XNameOf(ContractNamespaces.Service, "GetOrdersResponse"), response.Name);
        var result = Assert.Single(response.Elements());
        Assert.Equal(XNameOf(ContractNamespaces.Service, "GetOrdersResult"), result.Name);
        Assert.All(result.Elements(), order => Assert.Equal(XNameOf(ContractNamespaces.Data, "Order"), order.Name));
        Assert.Equal(2, result.Elements().Count());
    }

    [Theory]
    [MemberData(nameof(Bindings))]
    public async Task SubmitOrder_IsAcceptedWith202_AndCountedWithItsBodyFingerprint(string bindingName)
    {
        var binding = WireBindings.Get(bindingName);
        await using var stub = await RunningStub.StartAsync();
        var order = new PayloadGenerator(PayloadProfile.Compressible, 3).GetOrders(1)[0];
        var request = StubEnvelopes.SubmitOrder(binding, order, stub.Address(binding));

        var reply = await stub.SendAsync(request);

        Assert.Equal(HttpStatusCode.Accepted, reply.StatusCode);
        Assert.Empty(reply.Body);
        var stats = await stub.StatsAsync();
        Assert.Equal(1, stats.OneWayReceived);
        Assert.Equal(1, stats.Actions[OrderServiceActions.SubmitOrder]);
        var fingerprint = Assert.Single(stats.RecentBodies[StubSoapEndpoints.For(binding).Name]);
        Assert.Equal(Convert.ToHexStringLower(SHA256.HashData(request.Body)), fingerprint.Sha256);
        Assert.Equal(request.Body.Length, fingerprint.Length);
        Assert.Equal(request.ContentType, fingerprint.ContentType);
    }

    [Fact]
    public async Task Stats_KeepOnlyTheLastSixteenBodiesPerEndpoint()
    {
        await using var stub = await RunningStub.StartAsync();
        StubRequest? last = null;
        for (var i = 0; i < 20; i++)
        {
            last = StubEnvelopes.Echo(WireBindings.BasicHttp, "n" + i);
            await stub.SendAsync(last);
        }

        var stats = await stub.StatsAsync();

        Assert.Equal(20, stats.Requests);
        Assert.Equal(16, stats.RecentBodies["basicHttp"].Count);
        Assert.Equal(Convert.ToHexStringLower(SHA256.HashData(last!.Body)), stats.RecentBodies["basicHttp"][^1].Sha256);
        Assert.Empty(stats.RecentBodies["soap12"]);
    }

    private static System.Xml.Linq.XName XNameOf(string ns, string local) => System.Xml.Linq.XName.Get(local, ns);
}
