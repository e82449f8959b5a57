using BackendStub.Hosting;
using Samples.Contracts;
using SoapRouter.Configuration;
using SoapRouter.Tests.BackendStub;
using SoapRouter.Tests.BackendStub.Wcf;
using SoapRouter.Tests.Configuration;
using SoapRouter.Tests.Listening;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Encoding;

namespace SoapRouter.Tests.Integration.Streamed;

/// <summary>
/// One router with streamed netTcp listeners in front of one BackendStub's streamed HTTP endpoints: "tcp-binary" to the
/// stub's msbin1 endpoint (verbatim: both hops are msbin1 without a session dictionary), "tcp-basic" to its basicHttp text
/// endpoint (re-encoded), each routed by its address.
/// </summary>
public sealed class NetTcpStreamedFixture : IAsyncLifetime
{
    /// <summary>The listeners: name and the stub's streamed endpoint behind it.</summary>
    public static IReadOnlyList<(string Name, StubSoapEndpoint Backend)> Bridges { get; } =
    [
        ("tcp-binary", StubSoapEndpoints.BinaryStreamed),
        ("tcp-basic", StubSoapEndpoints.BasicStreamed),
    ];

    internal RunningStub Stub { get; private set; } = null!;

    internal ListeningRouter Router { get; private set; } = null!;

    public async Task InitializeAsync()
    {
        Stub = await RunningStub.StartAsync(new StubOptions { AddressFilter = AddressFilterMode.Default });
        var listeners = new List<ListenerConfig>();
        var routes = new List<RouteConfig>();
        var clusters = new Dictionary<string, ClusterConfig>();
        foreach (var (name, backend) in Bridges)
        {
            listeners.Add(StreamedListener(name));
            clusters[name] = StreamedRouterFixture.StreamedCluster(backend.Binding, Stub.Host.AddressOf(backend.Name), prefix: name);
            routes.Add(TestConfigs.Route(name, name, TestConfigs.Address("/router/" + name)));
        }

        Router = await ListeningRouter.StartAsync(ListeningRouter.Config(listeners, routes, clusters));
    }

    public async Task DisposeAsync()
    {
        await Router.DisposeAsync();
        await Stub.DisposeAsync();
    }

    /// <summary>A streamed netTcp listener <paramref name="name"/> at /router/{name} on a port of the OS's choosing.</summary>
    internal static ListenerConfig StreamedListener(string name) =>
        TestConfigs.Listener(name, WireBindingNames.NetTcp, "net.tcp://127.0.0.1:0/router/" + name) with { TransportMode = TransportModes.Streamed };

    /// <summary>A stock WCF client, <c>NetTcpBinding(SecurityMode.None) { TransferMode = Streamed }</c>, of <paramref name="router"/>'s listener <paramref name="name"/>.</summary>
    internal static StubWcfClient<IStreamedService> Client(ListeningRouter router, string name) =>
        StubWcfClient<IStreamedService>.Create(WireBindings.NetTcp.CreateStreamedClientBinding(WireLimits.Default), router.Address(name));
}
