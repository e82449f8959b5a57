using Samples.Contracts;
using Samples.Payloads;
using SoapRouter.Tests.BackendStub.Wcf;
using SoapRouter.Tests.Samples.Contracts;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.Integration;

/// <summary>
/// Seed 003's Protocol Buffers payloads through the router: a stock WCF client on every binding, the stub on every
/// binding, protobuf-net on both ends (the contract carries the bytes as byte[]: protobuf-net.ServiceModel is not in
/// the package source). The bytes come back exactly as sent, verbatim and across every bridge (base64 text in the
/// SOAP text encodings, one bytes record in msbin1 and net.tcp).
/// </summary>
public sealed class ProtobufThroughRouterTests(RouterBridgeFixture fixture) : IClassFixture<RouterBridgeFixture>
{
    public static TheoryData<string, string> Pairs => WcfClientBridgeTests.Pairs;

    [Theory]
    [MemberData(nameof(Pairs))]
    public async Task EchoProto_ProtobufBytes_ComeBackByteForByte(string clientBinding, string backendBinding)
    {
        var (client, backend) = (WireBindings.Get(clientBinding), WireBindings.Get(backendBinding));
        using var wcf = StubWcfClient<IProtoOrderService>.Create(client, fixture.Address(client, backend));

        // Incompressible orders carry random attachment bytes: every byte value, in a 300 KB payload.
        var sent = ProtoOrders.Serialize(new PayloadGenerator(PayloadProfile.Incompressible, 17).GetOrders(150));
        var echoed = await wcf.Channel.EchoProtoAsync(sent);

        Assert.True(sent.Length > 250_000, $"payload of {sent.Length} bytes");
        Assert.Equal(Convert.ToHexString(System.Security.Cryptography.SHA256.HashData(sent)), Convert.ToHexString(System.Security.Cryptography.SHA256.HashData(echoed)));
        Assert.Equal(sent, echoed);
    }

    [Theory]
    [MemberData(nameof(Pairs))]
    public async Task GetOrdersProto_DeserializesToTheBackendsOrders(string clientBinding, string backendBinding)
    {
        var (client, backend) = (WireBindings.Get(clientBinding), WireBindings.Get(backendBinding));
        using var wcf = StubWcfClient<IProtoOrderService>.Create(client, fixture.Address(client, backend));
        var expected = new PayloadGenerator(RouterBridgeFixture.Profile, RouterBridgeFixture.Seed).GetOrders(100);

        var bytes = await wcf.Channel.GetOrdersProtoAsync(100);

        Assert.Equal(ProtoOrders.Serialize(expected), bytes);
        OrderAssert.Equal(expected, ProtoOrders.Deserialize(bytes));
    }

    [Theory]
    [InlineData(WireBindingNames.BasicHttp, false)]
    [InlineData(WireBindingNames.Soap12Http, false)]
    [InlineData(WireBindingNames.BinaryHttp, true)]
    public async Task ProtobufBytes_AreBase64InText_AndRawInMsbin1_OnTheBackendHop(string bindingName, bool raw)
    {
        var binding = WireBindings.Get(bindingName);
        using var wcf = StubWcfClient<IProtoOrderService>.Create(binding, fixture.Address(binding, binding));
        var sent = ProtoOrders.Serialize(new PayloadGenerator(PayloadProfile.Incompressible, 3).GetOrders(60));

        await wcf.Channel.EchoProtoAsync(sent);

        var endpoint = bindingName switch { WireBindingNames.BasicHttp => "basicHttp", WireBindingNames.Soap12Http => "soap12", _ => "binary" };
        var body = (await fixture.Stub.StatsAsync()).RecentBodies[endpoint][^1];
        var base64 = (sent.Length + 2) / 3 * 4;
        if (raw)
        {
            Assert.InRange(body.Length, sent.Length, sent.Length + 1024);
        }
        else
        {
            Assert.InRange(body.Length, base64, base64 + 2048);
        }
    }
}
