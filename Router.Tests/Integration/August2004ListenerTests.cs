using System.ServiceModel.Channels;
using System.Text;
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
/// A stock WCF client speaking SOAP 1.2 with WS-Addressing August 2004 (it sends an anonymous 2004 ReplyTo with every
/// request, which WCF 10.1 cannot read) through a soap12Http listener with "addressing": "august2004", bridged to the
/// stub's WS-Addressing 1.0, SOAP 1.1 and net.tcp endpoints.
/// </summary>
public sealed class August2004ListenerTests : IAsyncLifetime
{
    private RunningStub _stub = null!;
    private ListeningRouter _router = null!;

    public static TheoryData<string> Backends => [WireBindingNames.Soap12Http, WireBindingNames.BasicHttp, WireBindingNames.NetTcp];

    public async Task InitializeAsync()
    {
        _stub = await RunningStub.StartWithNetTcpAsync(new StubOptions { Seed = 12, Profile = PayloadProfile.Compressible, AddressFilter = AddressFilterMode.Default });
        var listeners = new List<ListenerConfig>();
        var routes = new List<RouteConfig>();
        var clusters = new Dictionary<string, ClusterConfig>();
        foreach (var backend in Backends)
        {
            var binding = WireBindings.Get(backend);
            var path = "/router/a2004-" + backend;
            listeners.Add(TestConfigs.Listener("a2004-" + backend, WireBindingNames.Soap12Http, "http://127.0.0.1:0" + path) with { Addressing = WireAddressingNames.August2004 });
            routes.Add(TestConfigs.Route(backend, backend, TestConfigs.Address(path)));
            clusters[backend] = ListeningRouter.Cluster(backend, [_stub.Address(binding).AbsoluteUri], prefix: backend);
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
    public async Task StockAugust2004Client_EchoAndGetOrders_AreAnswered(string backend)
    {
        using var echo = StubWcfClient<IEchoService>.Create(August2004Binding(), _router.Address("a2004-" + backend));
        using var orders = StubWcfClient<IOrderService>.Create(August2004Binding(), _router.Address("a2004-" + backend));

        var echoed = await echo.Channel.EchoAsync(new EchoPayload { Text = "2004 <&> héllo", Blob = [1, 2, 3] });
        var received = await orders.Channel.GetOrdersAsync(5);

        Assert.Equal("2004 <&> héllo", echoed.Text);
        Assert.Equal([1, 2, 3], echoed.Blob);
        OrderAssert.Equal(new PayloadGenerator(PayloadProfile.Compressible, 12).GetOrders(5), received);
        Assert.Equal(0, (await _stub.StatsAsync()).FaultsReturned);
    }

    [Theory]
    [MemberData(nameof(Backends))]
    public async Task StockAugust2004Client_OneWaySubmitOrder_Arrives(string backend)
    {
        using var client = StubWcfClient<IOrderService>.Create(August2004Binding(), _router.Address("a2004-" + backend));
        var before = (await _stub.StatsAsync()).OneWayReceived;

        await client.Channel.SubmitOrderAsync(new PayloadGenerator(PayloadProfile.Compressible, 2).GetOrders(1)[0]);

        await Eventually.TrueAsync(async () => (await _stub.StatsAsync()).OneWayReceived == before + 1, "the one-way order did not arrive");
    }

    private static CustomBinding August2004Binding() => new(
        new TextMessageEncodingBindingElement(MessageVersion.Soap12WSAddressingAugust2004, Encoding.UTF8),
        new HttpTransportBindingElement { MaxReceivedMessageSize = 8 << 20 });
}
