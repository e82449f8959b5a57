using System.Net;
using System.Security.Cryptography;
using Samples.Contracts;
using BackendStub.Hosting;
using Samples.Payloads;
using BackendStub.Soap;
using SoapRouter.Tests.Samples.Contracts;

namespace SoapRouter.Tests.BackendStub.Hosting;

/// <summary>The stub's operations over real HTTP on every binding.</summary>
public sealed class StubHostOperationTests
{
    public static TheoryData<SoapBinding> Bindings => [SoapBinding.BasicHttp, SoapBinding.Soap12, SoapBinding.Binary];

    [Theory]
    [MemberData(nameof(Bindings))]
    public async Task Echo_EveryBinding_ReturnsThePayloadItReceived(SoapBinding binding)
    {
        await using var stub = await RunningStub.StartAsync();
        var blob = RandomNumberGenerator.GetBytes(300);
        var request = StubEnvelopes.Echo(binding, "héllo <&> world", stub.Address(binding), blob);

        var reply = await stub.SendAsync(request);

        Assert.Equal(HttpStatusCode.OK, reply.StatusCode);
        Assert.StartsWith(SoapBindings.MediaType(binding), reply.ContentType, StringComparison.Ordinal);
        var echoed = reply.ReadEcho();
        Assert.NotNull(echoed);
        Assert.Equal("héllo <&> world", echoed.Text);
        Assert.Equal(blob, echoed.Blob);
    }

    [Theory]
    [MemberData(nameof(Bindings))]
    public async Task Echo_ComplexPreset_RoundTripsTwoHundredKilobytes(SoapBinding binding)
    {
        await using var stub = await RunningStub.StartAsync();
        var encoding = binding == SoapBinding.Binary ? PayloadEncoding.BinaryXml : PayloadEncoding.TextXml;
        var payload = MessagePresets.Complex.CreateEcho(seed: 5, encoding);

        var reply = await stub.SendAsync(StubEnvelopes.Echo(binding, payload, stub.Address(binding)));

        Assert.Equal(HttpStatusCode.OK, reply.StatusCode);
        Assert.True(reply.Body.Length > 150_000, $"reply of {reply.Body.Length} bytes");
        Assert.Equal(payload.Blob, reply.ReadEcho()!.Blob);
    }

    [Theory]
    [InlineData(SoapBinding.Soap12)]
    [InlineData(SoapBinding.Binary)]
    public async Task Reply_WsAddressingBindings_CarriesReplyActionAndRelatesToTheRequest(SoapBinding binding)
    {
        await using var stub = await RunningStub.StartAsync();
        var request = StubEnvelopes.Echo(binding, "x", stub.Address(binding));

        var reply = await stub.SendAsync(request);

        Assert.Equal(EchoServiceActions.EchoResponse, reply.AddressingHeader("Action"));
        Assert.Equal(request.MessageId, reply.AddressingHeader("RelatesTo"));
    }

    [Fact]
    public async Task Reply_BasicHttp_HasNoHeaderAndTextXmlContentType()
    {
        await using var stub = await RunningStub.StartAsync();

        var reply = await stub.SendAsync(StubEnvelopes.Echo(SoapBinding.BasicHttp, "x"));

        Assert.Equal("text/xml; charset=utf-8", reply.ContentType);
        Assert.Null(reply.Envelope().Root!.Element(XNameOf(SoapNamespaces.Soap11Envelope, "Header")));
    }

    [Theory]
    [MemberData(nameof(Bindings))]
    public async Task GetOrders_Five_ReturnsTheGeneratorsFiveOrders(SoapBinding binding)
    {
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

        var reply = await stub.SendAsync(StubEnvelopes.GetOrders(SoapBinding.Soap12, 2, stub.Address(SoapBinding.Soap12)));

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
    public async Task SubmitOrder_IsAcceptedWith202_AndCountedWithItsBodyFingerprint(SoapBinding binding)
    {
        await using var stub = await RunningStub.StartAsync();
        var order = new PayloadGenerator(PayloadProfile.Compressible, 3).GetOrders(1)[0];
        var request = StubEnvelopes.SubmitOrder(binding, order, stub.Address(binding));

        var reply = await stub.SendAsync(request);

        Assert.Equal(HttpStatusCode.Accepted, reply.StatusCode);
        Assert.Empty(reply.Body);
        var stats = await stub.StatsAsync();
        Assert.Equal(1, stats.OneWayReceived);
        Assert.Equal(1, stats.Actions[OrderServiceActions.SubmitOrder]);
        var fingerprint = Assert.Single(stats.RecentBodies[SoapBindings.Name(binding)]);
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
            last = StubEnvelopes.Echo(SoapBinding.BasicHttp, "n" + i);
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
