using System.ServiceModel.Channels;
using BackendStub.Hosting;
using Samples.Contracts;
using Samples.Payloads;
using SoapRouter.Configuration;
using SoapRouter.Tests.BackendStub;
using SoapRouter.Tests.BackendStub.Wcf;
using SoapRouter.Tests.Configuration;
using SoapRouter.Tests.Listening;
using SoapRouter.Tests.Samples.Contracts;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.Integration;

/// <summary>
/// A stock WCF net.tcp client on WS-Addressing August 2004 (a CustomBinding: BinaryMessageEncodingBindingElement with
/// MessageVersion.Soap12WSAddressingAugust2004 over TcpTransportBindingElement; NetTcpBinding is fixed to 1.0), through
/// netTcp listeners with "addressing": "august2004", to the stub's net.tcp endpoint (WS-Addressing 1.0, a backend
/// session of its own per client session) and to its soap12Http and binaryHttp endpoints. Every request-reply call
/// carries the anonymous 2004 ReplyTo WCF 10.1 cannot read: the listener cuts it out before its session reader reads.
/// </summary>
public sealed class August2004NetTcpListenerTests : IAsyncLifetime
{
    private RunningStub _stub = null!;
    private ListeningRouter _router = null!;

    private static readonly string[] BackendBindings = [WireBindingNames.NetTcp, WireBindingNames.Soap12Http, WireBindingNames.BinaryHttp];

    public static TheoryData<string> Backends => new(BackendBindings);

    public async Task InitializeAsync()
    {
        _stub = await RunningStub.StartWithNetTcpAsync(new StubOptions { Seed = 12, Profile = PayloadProfile.Compressible, AddressFilter = AddressFilterMode.Default });
        var listeners = new List<ListenerConfig>();
        var routes = new List<RouteConfig>();
        var clusters = new Dictionary<string, ClusterConfig>();
        foreach (var backend in BackendBindings)
        {
            listeners.Add(TestConfigs.Listener(Name(backend), WireBindingNames.NetTcp, "net.tcp://127.0.0.1:0/router/" + Name(backend)) with { Addressing = WireAddressingNames.August2004 });
            routes.Add(TestConfigs.Route(Name(backend), backend, TestConfigs.Address("/router/" + Name(backend))));
            clusters[backend] = ListeningRouter.Cluster(backend, [_stub.Address(WireBindings.Get(backend)).AbsoluteUri], prefix: backend);
        }

        _router = await ListeningRouter.StartAsync(ListeningRouter.Config(listeners, routes, clusters));
    }

    public async Task DisposeAsync()
    {
        await _router.DisposeAsync();
        await _stub.DisposeAsync();
    }

    [Theory]
    [MemberData(nameof(Backends))]
    public async Task StockAugust2004NetTcpClient_EchoAndGetOrders_AreAnsweredOnOneSession(string backend)
    {
        using var client = StubWcfClient<IEchoService>.Create(August2004NetTcpBinding(), _router.Address(Name(backend)));
        using var orders = StubWcfClient<IOrderService>.Create(August2004NetTcpBinding(), _router.Address(Name(backend)));

        // Several calls on each session: the later messages refer to session strings the first one declared.
        for (var i = 0; i < 3; i++)
        {
            var echoed = await client.Channel.EchoAsync(new EchoPayload { Text = $"2004 <&> héllo {i}", Blob = [1, 2, (byte)i] });
            Assert.Equal($"2004 <&> héllo {i}", echoed.Text);
            Assert.Equal([1, 2, (byte)i], echoed.Blob);
        }

        OrderAssert.Equal(new PayloadGenerator(PayloadProfile.Compressible, 12).GetOrders(5), await orders.Channel.GetOrdersAsync(5));
        OrderAssert.Equal(new PayloadGenerator(PayloadProfile.Compressible, 12).GetOrders(2), await orders.Channel.GetOrdersAsync(2));
        Assert.Equal(0, (await _stub.StatsAsync()).FaultsReturned);
    }

    [Theory]
    [MemberData(nameof(Backends))]
    public async Task StockAugust2004NetTcpClient_OneWaySubmitOrder_Arrives(string backend)
    {
        using var client = StubWcfClient<IOrderService>.Create(August2004NetTcpBinding(), _router.Address(Name(backend)));
        var before = (await _stub.StatsAsync()).OneWayReceived;

        await client.Channel.SubmitOrderAsync(new PayloadGenerator(PayloadProfile.Compressible, 2).GetOrders(1)[0]);

        await Eventually.TrueAsync(async () => (await _stub.StatsAsync()).OneWayReceived == before + 1, "the one-way order did not arrive");
    }

    [Fact]
    public async Task StockAugust2004NetTcpClient_ToTheStubsNetTcpEndpoint_GetsABackendSessionOfItsOwn()
    {
        var opened = (await _stub.StatsAsync()).NetTcpSessionsOpened;
        using var first = StubWcfClient<IEchoService>.Create(August2004NetTcpBinding(), _router.Address(Name(WireBindingNames.NetTcp)));
        using var second = StubWcfClient<IEchoService>.Create(August2004NetTcpBinding(), _router.Address(Name(WireBindingNames.NetTcp)));

        Assert.Equal("one", (await first.Channel.EchoAsync(new EchoPayload { Text = "one" })).Text);
        Assert.Equal("two", (await second.Channel.EchoAsync(new EchoPayload { Text = "two" })).Text);

        Assert.True((await _stub.StatsAsync()).NetTcpSessionsOpened >= opened + 2, "the two client sessions did not get two backend sessions");
    }

    private static string Name(string backend) => $"a2004-tcp-{backend}";

    private static CustomBinding August2004NetTcpBinding() => new(
        new BinaryMessageEncodingBindingElement { MessageVersion = MessageVersion.Soap12WSAddressingAugust2004 },
        new TcpTransportBindingElement { MaxReceivedMessageSize = 8 << 20 });
}
