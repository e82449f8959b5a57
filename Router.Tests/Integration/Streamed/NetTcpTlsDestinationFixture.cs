using BackendStub.Hosting;
using Samples.Contracts;
using SoapRouter.Configuration;
using SoapRouter.Tests.BackendStub;
using SoapRouter.Tests.BackendStub.Wcf;
using SoapRouter.Tests.Configuration;
using SoapRouter.Tests.Listening;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.Integration.Streamed;

/// <summary>
/// One router whose streamed listeners lead to one BackendStub's streamed net.tcp endpoint on its TLS port
/// (net.tcp://.../tcpStreamed after the application/ssl-tls upgrade, the stub's certificate from <see cref="Pki"/>) as a
/// streamed netTcp destination with tls: "basic-tls" (basicHttp text, re-encoded) and "tcp-tls" (a streamed netTcp
/// listener, verbatim) trust the stub's CA; "basic-untrusted" leads to the same endpoint but trusts another CA only.
/// </summary>
public sealed class NetTcpTlsDestinationFixture : IAsyncLifetime
{
    /// <summary>The listeners whose destination trusts the stub's CA: name and the client's binding.</summary>
    public static IReadOnlyList<(string Name, WireBinding Client)> Trusting { get; } =
    [
        ("basic-tls", WireBindings.BasicHttp),
        ("tcp-tls", WireBindings.NetTcp),
    ];

    internal TestPki Pki { get; } = new();

    internal TestPki OtherPki { get; } = new("Other CA");

    internal RunningStub Stub { get; private set; } = null!;

    internal ListeningRouter Router { get; private set; } = null!;

    public async Task InitializeAsync()
    {
        Stub = await RunningStub.StartWithTlsAsync(Pki, options: new StubOptions { AddressFilter = AddressFilterMode.Default });
        var destination = new UriBuilder(Stub.SecureAddress(WireBindings.NetTcp)) { Path = StubSoapEndpoints.NetTcpStreamed.Path }.Uri;
        var trusted = new DestinationTlsConfig { TrustedAuthorities = Pki.CaPath, ServerName = "localhost" };
        var untrusted = new DestinationTlsConfig { TrustedAuthorities = OtherPki.CaPath, ServerName = "localhost" };
        (string Name, WireBinding Client, DestinationTlsConfig Tls)[] plan =
            [.. Trusting.Select(listener => (listener.Name, listener.Client, trusted)), ("basic-untrusted", WireBindings.BasicHttp, untrusted)];
        var listeners = new List<ListenerConfig>();
        var routes = new List<RouteConfig>();
        var clusters = new Dictionary<string, ClusterConfig>();
        foreach (var (name, client, tls) in plan)
        {
            listeners.Add(NetTcpDestinationFixture.StreamedListener(name, client));
            var cluster = StreamedRouterFixture.StreamedCluster(WireBindings.NetTcp, destination, prefix: name);
            clusters[name] = cluster with { Destinations = [.. cluster.Destinations.Select(d => d with { Tls = tls })] };
            routes.Add(TestConfigs.Route(name, name, TestConfigs.Address("/router/" + name)));
        }

        Router = await ListeningRouter.StartAsync(ListeningRouter.Config(listeners, routes, clusters));
    }

    public async Task DisposeAsync()
    {
        await Router.DisposeAsync();
        await Stub.DisposeAsync();
        Pki.Dispose();
        OtherPki.Dispose();
    }

    /// <summary>A stock WCF streamed client (<c>TransferMode.Streamed</c>, plain to the router) of listener <paramref name="name"/>.</summary>
    internal StubWcfClient<IStreamedService> Client(string name, WireBinding binding) => NetTcpDestinationFixture.Client(Router, name, binding);
}
