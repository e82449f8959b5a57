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
/// One router in front of one BackendStub's streamed endpoints: each <see cref="Bridge"/> is a streamed listener named
/// {client}-{backend}, routed by its address to the stub's streamed endpoint of the backend binding (a streamed destination).
/// </summary>
public sealed class StreamedRouterFixture : IAsyncLifetime
{
    /// <summary>Every bridge the router serves: verbatim on each HTTP binding, re-encoded between text and msbin1 both ways.</summary>
    public static IReadOnlyList<Bridge> Bridges { get; } =
    [
        new("basic-basic", WireBindings.BasicHttp, StubSoapEndpoints.BasicStreamed),
        new("soap12-soap12", WireBindings.Soap12Http, StubSoapEndpoints.Soap12Streamed),
        new("binary-binary", WireBindings.BinaryHttp, StubSoapEndpoints.BinaryStreamed),
        new("basic-binary", WireBindings.BasicHttp, StubSoapEndpoints.BinaryStreamed),
        new("binary-basic", WireBindings.BinaryHttp, StubSoapEndpoints.BasicStreamed),
        new("soap12-binary", WireBindings.Soap12Http, StubSoapEndpoints.BinaryStreamed),
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
            listeners.Add(TestConfigs.Listener(bridge.Name, bridge.Client.Name, "http://127.0.0.1:0/router/" + bridge.Name) with
            {
                TransportMode = TransportModes.Streamed,
            });
            clusters[bridge.Name] = StreamedCluster(bridge.Backend.Binding, Stub.Host.AddressOf(bridge.Backend.Name), prefix: bridge.Name);
            routes.Add(TestConfigs.Route(bridge.Name, bridge.Name, TestConfigs.Address("/router/" + bridge.Name)));
        }

        Router = await ListeningRouter.StartAsync(ListeningRouter.Config(listeners, routes, clusters));
    }

    public async Task DisposeAsync()
    {
        await Router.DisposeAsync();
        await Stub.DisposeAsync();
    }

    /// <summary>
    /// A cluster of streamed destinations of <paramref name="binding"/>: <paramref name="address"/> and <paramref name="more"/>,
    /// then <paramref name="backups"/>; named <paramref name="prefix"/>1, 2... (backups <paramref name="prefix"/>-backup1...).
    /// </summary>
    internal static ClusterConfig StreamedCluster(WireBinding binding, Uri address, Uri[]? backups = null, Uri[]? more = null, string prefix = "d")
    {
        var cluster = ListeningRouter.Cluster(
            binding.Name,
            [address.AbsoluteUri, .. (more ?? []).Select(uri => uri.AbsoluteUri)],
            backups: (backups ?? []).Select(uri => uri.AbsoluteUri).ToArray(),
            prefix: prefix);
        return cluster with
        {
            Destinations = [.. cluster.Destinations.Select(destination => destination with { TransportMode = TransportModes.Streamed })],
            Backups = [.. cluster.Backups.Select(destination => destination with { TransportMode = TransportModes.Streamed })],
        };
    }

    /// <summary>A streamed basicHttp listener "up" at /router/up on a port of the OS's choosing.</summary>
    internal static ListenerConfig UpListener() =>
        TestConfigs.Listener("up", WireBindingNames.BasicHttp, "http://127.0.0.1:0/router/up") with { TransportMode = TransportModes.Streamed };

    /// <summary>A router with <see cref="UpListener"/> only, <paramref name="routes"/> and <paramref name="clusters"/>.</summary>
    internal static Task<ListeningRouter> StartUpRouterAsync(Dictionary<string, ClusterConfig> clusters, params RouteConfig[] routes) =>
        ListeningRouter.StartAsync(ListeningRouter.Config([UpListener()], routes, clusters));

    /// <summary>A stock WCF streamed basicHttp client of <paramref name="router"/>'s "up" listener.</summary>
    internal static StubWcfClient<IStreamedService> UpClient(ListeningRouter router) =>
        StubWcfClient<IStreamedService>.Create(WireBindings.BasicHttp.CreateStreamedClientBinding(WireLimits.Default), router.Address("up"));

    /// <summary>A client binding reaching one stub streamed endpoint through the listener <paramref name="Name"/>.</summary>
    public sealed record Bridge(string Name, WireBinding Client, StubSoapEndpoint Backend)
    {
        /// <summary>True when the router forwards the bytes as received.</summary>
        public bool Verbatim => ReferenceEquals(Client, Backend.Binding);
    }
}
