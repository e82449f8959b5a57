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
/// One router whose streamed listeners lead to one BackendStub's streamed net.tcp endpoint (net.tcp://.../tcpStreamed, a
/// NetTcpBinding service with TransferMode.Streamed) as a streamed netTcp destination: "basic-tcp" (basicHttp text,
/// re-encoded), "binary-tcp" (msbin1 over HTTP: its messages go verbatim, To spliced) and "tcp-tcp" (a streamed netTcp
/// listener), each routed by its address.
/// </summary>
public sealed class NetTcpDestinationFixture : IAsyncLifetime
{
    /// <summary>The listeners: name, binding (the client's), and whether the request goes verbatim.</summary>
    public static IReadOnlyList<(string Name, WireBinding Client, bool Verbatim)> Listeners { get; } =
    [
        ("basic-tcp", WireBindings.BasicHttp, false),
        ("binary-tcp", WireBindings.BinaryHttp, true),
        ("tcp-tcp", WireBindings.NetTcp, true),
    ];

    internal RunningStub Stub { get; private set; } = null!;

    internal ListeningRouter Router { get; private set; } = null!;

    /// <summary>The stub's streamed net.tcp endpoint.</summary>
    internal Uri Destination { get; private set; } = null!;

    public async Task InitializeAsync()
    {
        Stub = await RunningStub.StartWithNetTcpAsync(new StubOptions { AddressFilter = AddressFilterMode.Default });
        Destination = new UriBuilder(Stub.Address(WireBindings.NetTcp)) { Path = StubSoapEndpoints.NetTcpStreamed.Path }.Uri;
        var listeners = new List<ListenerConfig>();
        var routes = new List<RouteConfig>();
        var clusters = new Dictionary<string, ClusterConfig>();
        foreach (var (name, client, _) in Listeners)
        {
            listeners.Add(StreamedListener(name, client));
            clusters[name] = StreamedRouterFixture.StreamedCluster(WireBindings.NetTcp, Destination, prefix: name);
            routes.Add(TestConfigs.Route(name, name, TestConfigs.Address("/router/" + name)));
        }

        Router = await ListeningRouter.StartAsync(ListeningRouter.Config(listeners, routes, clusters));
    }

    public async Task DisposeAsync()
    {
        await Router.DisposeAsync();
        await Stub.DisposeAsync();
    }

    /// <summary>A stock WCF streamed client (<c>TransferMode.Streamed</c>, MaxReceivedMessageSize long.MaxValue) of listener <paramref name="name"/>.</summary>
    internal StubWcfClient<IStreamedService> Client(string name) => Client(Router, name, Listeners.Single(listener => listener.Name == name).Client);

    /// <summary>A streamed listener <paramref name="name"/> of <paramref name="client"/>'s binding at /router/{name} on a port of the OS's choosing.</summary>
    internal static ListenerConfig StreamedListener(string name, WireBinding client) =>
        TestConfigs.Listener(name, client.Name, $"{(client == WireBindings.NetTcp ? "net.tcp" : "http")}://127.0.0.1:0/router/{name}")
            with { TransportMode = TransportModes.Streamed };

    /// <summary>A stock WCF streamed client of <paramref name="client"/>'s binding (plain to the router) of <paramref name="router"/>'s listener <paramref name="name"/>.</summary>
    internal static StubWcfClient<IStreamedService> Client(ListeningRouter router, string name, WireBinding client) =>
        StubWcfClient<IStreamedService>.Create(client.CreateStreamedClientBinding(WireLimits.Default), router.Address(name));
}
