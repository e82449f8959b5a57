using BackendStub.Hosting;
using Samples.Contracts;
using Samples.Payloads;
using SoapRouter.Configuration;
using SoapRouter.Tests.BackendStub;
using SoapRouter.Tests.Configuration;
using SoapRouter.Tests.Listening;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.Integration;

/// <summary>
/// One router in front of two real BackendStubs (a healthy one, and one whose every operation faults), both serving all
/// four bindings (net.tcp included), with a listener for every pair of bindings: {client binding}-{backend binding},
/// and the same with -faulty. Each listener routes by its address to the cluster of the backend binding, so a client of
/// binding A reaches a backend of binding B through exactly one of the sixteen bridges.
/// </summary>
public sealed class RouterBridgeFixture : IAsyncLifetime
{
    /// <summary>The seed and profile the healthy stub generates orders with.</summary>
    public const int Seed = 5;

    /// <summary>The healthy stub.</summary>
    internal RunningStub Stub { get; private set; } = null!;

    /// <summary>The stub that faults every Echo and GetOrders.</summary>
    internal RunningStub FaultyStub { get; private set; } = null!;

    /// <summary>The router.</summary>
    internal ListeningRouter Router { get; private set; } = null!;

    /// <summary>The payload profile of the healthy stub.</summary>
    public static PayloadProfile Profile => PayloadProfile.Compressible;

    /// <summary>The router's address for clients of <paramref name="client"/> reaching a backend of <paramref name="backend"/>.</summary>
    public Uri Address(WireBinding client, WireBinding backend, bool faulty = false) => Router.Address(ListenerName(client, backend, faulty));

    public async Task InitializeAsync()
    {
        // WCF's default address filter, stated rather than assumed: the tests' successes are what it let through.
        Stub = await RunningStub.StartWithNetTcpAsync(new StubOptions { Seed = Seed, Profile = Profile, AddressFilter = AddressFilterMode.Default });
        FaultyStub = await RunningStub.StartWithNetTcpAsync(new StubOptions { FaultRate = 1 });
        var listeners = new List<ListenerConfig>();
        var routes = new List<RouteConfig>();
        var clusters = new Dictionary<string, ClusterConfig>();
        foreach (var backend in WireBindings.All)
        {
            clusters[ClusterName(backend, false)] = ListeningRouter.Cluster(backend.Name, [Stub.Address(backend).ToString()], prefix: backend.Name);
            clusters[ClusterName(backend, true)] = ListeningRouter.Cluster(backend.Name, [FaultyStub.Address(backend).ToString()], prefix: backend.Name + "-faulty");
            foreach (var client in WireBindings.All)
            {
                foreach (var faulty in new[] { false, true })
                {
                    var name = ListenerName(client, backend, faulty);
                    var path = "/router/" + name;
                    var root = client.IsSession ? "net.tcp://127.0.0.1:0" : "http://127.0.0.1:0";
                    listeners.Add(TestConfigs.Listener(name, client.Name, root + path));
                    // basicHttp messages cannot say they are one-way; a net.tcp destination gives no acknowledgement.
                    routes.Add(TestConfigs.Route(name, ClusterName(backend, faulty), TestConfigs.Address(path)) with
                    {
                        OneWayActions = [OrderServiceActions.SubmitOrder],
                    });
                }
            }
        }

        Router = await ListeningRouter.StartAsync(ListeningRouter.Config(listeners, routes, clusters));
    }

    public async Task DisposeAsync()
    {
        await Router.DisposeAsync();
        await Stub.DisposeAsync();
        await FaultyStub.DisposeAsync();
    }

    private static string ListenerName(WireBinding client, WireBinding backend, bool faulty) =>
        $"{client.Name}-{backend.Name}" + (faulty ? "-faulty" : "");

    private static string ClusterName(WireBinding backend, bool faulty) => backend.Name + (faulty ? "-faulty" : "");
}
