using System.ServiceModel;
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
/// A netTcp destination with "addressing": "august2004" (the stub's /tcp2004 endpoint, which reads nothing but
/// Soap12WSAddressingAugust2004 msbinsession1): stock WCF clients on basicHttp, soap12Http (WS-Addressing 1.0), netTcp
/// (1.0) and netTcp with WS-Addressing August 2004 (a CustomBinding) through the router to it. Requests are re-encoded
/// into 2004 by the router's net.tcp client (HTTP listeners: pooled sessions; netTcp listeners: a backend session per
/// client session) and the replies and faults mapped back to each client's version.
/// </summary>
public sealed class August2004NetTcpDestinationTests : IAsyncLifetime
{
    private const string Cluster = "tcp2004";
    private const string FaultyCluster = "tcp2004-faulty";

    private RunningStub _stub = null!;
    private RunningStub _faultyStub = null!;
    private ListeningRouter _router = null!;

    public static TheoryData<string> Clients => new(ClientNames);

    private static readonly string[] ClientNames =
        [WireBindingNames.BasicHttp, WireBindingNames.Soap12Http, WireBindingNames.NetTcp, WireAddressingNames.August2004];

    public async Task InitializeAsync()
    {
        _stub = await RunningStub.StartWithNetTcpAsync(new StubOptions { Seed = 12, Profile = PayloadProfile.Compressible, AddressFilter = AddressFilterMode.Default });
        _faultyStub = await RunningStub.StartWithNetTcpAsync(new StubOptions { FaultRate = 1 });
        var listeners = new List<ListenerConfig>();
        var routes = new List<RouteConfig>();
        foreach (var client in ClientNames)
        {
            foreach (var faulty in new[] { false, true })
            {
                var name = Name(client, faulty);
                var binding = Binding(client);
                var root = binding.IsSession ? "net.tcp://127.0.0.1:0" : "http://127.0.0.1:0";
                listeners.Add(TestConfigs.Listener(name, binding.Name, root + "/router/" + name) with
                {
                    Addressing = binding == WireBindings.NetTcpAugust2004 ? WireAddressingNames.August2004 : null,
                });

                // basicHttp messages cannot say they are one-way; a net.tcp destination gives no acknowledgement.
                routes.Add(TestConfigs.Route(name, faulty ? FaultyCluster : Cluster, TestConfigs.Address("/router/" + name)) with
                {
                    OneWayActions = [OrderServiceActions.SubmitOrder],
                });
            }
        }

        var clusters = new Dictionary<string, ClusterConfig>
        {
            [Cluster] = August2004Cluster(_stub, Cluster),
            [FaultyCluster] = August2004Cluster(_faultyStub, FaultyCluster),
        };
        _router = await ListeningRouter.StartAsync(ListeningRouter.Config(listeners, routes, clusters));
    }

    public async Task DisposeAsync()
    {
        await _router.DisposeAsync();
        await _stub.DisposeAsync();
        await _faultyStub.DisposeAsync();
    }

    [Theory]
    [MemberData(nameof(Clients))]
    public async Task StockClient_EchoAndGetOrders_ThroughAnAugust2004NetTcpDestination_AreAnswered(string client)
    {
        using var echo = StubWcfClient<IEchoService>.Create(Binding(client), _router.Address(Name(client, faulty: false)));
        using var orders = StubWcfClient<IOrderService>.Create(Binding(client), _router.Address(Name(client, faulty: false)));
        var before = await _stub.StatsAsync();

        // Several calls on one client: on net.tcp the later messages use session strings the first one declared.
        for (var i = 0; i < 3; i++)
        {
            var echoed = await echo.Channel.EchoAsync(new EchoPayload { Text = $"2004 <&> héllo {i}", Blob = [1, 2, (byte)i] });
            Assert.Equal($"2004 <&> héllo {i}", echoed.Text);
            Assert.Equal([1, 2, (byte)i], echoed.Blob);
        }

        OrderAssert.Equal(new PayloadGenerator(PayloadProfile.Compressible, 12).GetOrders(5), await orders.Channel.GetOrdersAsync(5));

        // The stub's /tcp2004 endpoint read them as August 2004 messages (a 1.0 one has no Action it knows) and refused none.
        var after = await _stub.StatsAsync();
        Assert.Equal(before.FaultsReturned, after.FaultsReturned);
        Assert.Equal(before.Actions.GetValueOrDefault(EchoServiceActions.Echo) + 3, after.Actions[EchoServiceActions.Echo]);
    }

    [Theory]
    [MemberData(nameof(Clients))]
    public async Task StockClient_OneWaySubmitOrder_ThroughAnAugust2004NetTcpDestination_Arrives(string client)
    {
        using var orders = StubWcfClient<IOrderService>.Create(Binding(client), _router.Address(Name(client, faulty: false)));
        var before = (await _stub.StatsAsync()).OneWayReceived;

        await orders.Channel.SubmitOrderAsync(new PayloadGenerator(PayloadProfile.Compressible, 2).GetOrders(1)[0]);

        await Eventually.TrueAsync(async () => (await _stub.StatsAsync()).OneWayReceived == before + 1, "the one-way order did not arrive");
    }

    [Theory]
    [MemberData(nameof(Clients))]
    public async Task ServiceFault_FromAnAugust2004NetTcpDestination_ReachesTheClientAsAFault(string client)
    {
        using var echo = StubWcfClient<IEchoService>.Create(Binding(client), _router.Address(Name(client, faulty: true)));
        var returned = (await _faultyStub.StatsAsync()).FaultsReturned;

        var fault = await Assert.ThrowsAsync<FaultException>(() => echo.Channel.EchoAsync(new EchoPayload { Text = "x" }));

        Assert.StartsWith("Injected fault (request ", fault.Reason.ToString(), StringComparison.Ordinal);
        Assert.True(fault.Code.IsReceiverFault, $"code {fault.Code.Name} ({fault.Code.Namespace})");
        Assert.Equal(returned + 1, (await _faultyStub.StatsAsync()).FaultsReturned);
    }

    private static ClusterConfig August2004Cluster(RunningStub stub, string name)
    {
        var cluster = ListeningRouter.Cluster(WireBindingNames.NetTcp, [stub.Address(WireBindings.NetTcpAugust2004).AbsoluteUri], prefix: name);
        return cluster with { Destinations = [cluster.Destinations[0] with { Addressing = WireAddressingNames.August2004 }] };
    }

    /// <summary>The client's binding: the name of a binding, or august2004 for netTcp with WS-Addressing August 2004.</summary>
    private static WireBinding Binding(string client) =>
        client == WireAddressingNames.August2004 ? WireBindings.NetTcpAugust2004 : WireBindings.Get(client);

    private static string Name(string client, bool faulty) => $"to-tcp2004-{client}" + (faulty ? "-faulty" : "");
}
