using BackendStub.Hosting;
using Samples.Contracts;
using SoapRouter.Configuration;
using SoapRouter.Tests.BackendStub;
using SoapRouter.Tests.Configuration;
using SoapRouter.Tests.Listening;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.Integration;

/// <summary>
/// One router in front of one BackendStub (WCF's default address filter) for the bindings' MTOM variants. Each
/// <see cref="Bridge"/> is a listener named {client}-{backend} routing by its address
/// to the stub's endpoint of the backend variant; "filtered" is an MTOM listener whose routes read the action and body.
/// </summary>
public sealed class VariantBridgeFixture : IAsyncLifetime
{
    /// <summary>Every bridge the router serves.</summary>
    public static IReadOnlyList<Bridge> Bridges { get; } =
    [
        new("basicMtom-basicMtom", WireBindings.BasicHttpMtom, WireBindings.BasicHttpMtom),
        new("basicMtom-binary", WireBindings.BasicHttpMtom, WireBindings.BinaryHttp),
        new("binary-basicMtom", WireBindings.BinaryHttp, WireBindings.BasicHttpMtom),
        new("soap12Mtom-soap12Mtom", WireBindings.Soap12HttpMtom, WireBindings.Soap12HttpMtom),
        new("soap12Mtom-basic", WireBindings.Soap12HttpMtom, WireBindings.BasicHttp),
        new("soap12-soap12Mtom", WireBindings.Soap12Http, WireBindings.Soap12HttpMtom),
    ];

    internal RunningStub Stub { get; private set; } = null!;

    internal ListeningRouter Router { get; private set; } = null!;

    public static Bridge Find(string name) => Bridges.Single(bridge => bridge.Name == name);

    public async Task InitializeAsync()
    {
        Stub = await RunningStub.StartAsync(new StubOptions { AddressFilter = AddressFilterMode.Default });
        var listeners = new List<ListenerConfig>();
        var routes = new List<RouteConfig>();
        var clusters = new Dictionary<string, ClusterConfig>();
        foreach (var bridge in Bridges)
        {
            listeners.Add(Listener(bridge.Name, bridge.Client));
            clusters[bridge.Name] = Cluster(bridge.Name, bridge.Backend);
            routes.Add(TestConfigs.Route(bridge.Name, bridge.Name, TestConfigs.Address("/router/" + bridge.Name)));
        }

        // An MTOM listener whose routes look at the body (XPath) and the action.
        listeners.Add(Listener("filtered", WireBindings.BasicHttpMtom));
        clusters["filtered"] = Cluster("filtered", WireBindings.BinaryHttp);
        routes.Add(TestConfigs.Route("filtered-xpath", "filtered", new FilterConfig
        {
            Type = FilterTypes.XPath,
            Expression = "/t:Echo/t:payload/d:Text = 'route-by-body'",
            Namespaces = new Dictionary<string, string> { ["t"] = ContractNamespaces.Service, ["d"] = ContractNamespaces.Data },
        }));
        routes.Add(TestConfigs.Route("filtered-action", "filtered", TestConfigs.Action(EchoServiceActions.Echo)));
        Router = await ListeningRouter.StartAsync(ListeningRouter.Config(listeners, routes, clusters));
    }

    public async Task DisposeAsync()
    {
        await Router.DisposeAsync();
        await Stub.DisposeAsync();
    }

    private static ListenerConfig Listener(string name, WireBinding binding) =>
        TestConfigs.Listener(name, binding.Name, "http://127.0.0.1:0/router/" + name) with
        {
            Encoding = EncodingOf(binding),
        };

    private ClusterConfig Cluster(string name, WireBinding backend)
    {
        var cluster = ListeningRouter.Cluster(backend.Name, [Stub.Address(backend).ToString()], prefix: name);
        return cluster with
        {
            Destinations = [.. cluster.Destinations.Select(destination => destination with { Encoding = EncodingOf(backend) })],
        };
    }

    private static string? EncodingOf(WireBinding binding) => binding.IsMtom ? WireEncodingNames.Mtom : null;

    /// <summary>One client binding reaching one stub endpoint through the listener <paramref name="Name"/>.</summary>
    public sealed record Bridge(string Name, WireBinding Client, WireBinding Backend)
    {
        /// <summary>True when the router forwards the bytes as received.</summary>
        public bool Verbatim => ReferenceEquals(Client, Backend);
    }
}
