using BackendStub.Hosting;
using SoapRouter.Configuration;
using SoapRouter.Tests.BackendStub;
using SoapRouter.Tests.Configuration;
using SoapRouter.Tests.Listening;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.Integration;

/// <summary>
/// One router with TLS at the edge in front of one BackendStub serving plain and TLS endpoints, all made from one test
/// CA: https listeners for the three HTTP bindings (verbatim to the stub's plain endpoints, and basicHttp also to its
/// https one and bridged to its net.tcp TLS one), a net.tcp listener with transport security (to plain net.tcp, TLS
/// net.tcp and https soap12), a plain net.tcp listener, and listeners that require client certificates (https and
/// net.tcp) whose routes admit partner-a only.
/// </summary>
public sealed class TlsRouterFixture : IAsyncLifetime
{
    internal TestPki Pki { get; } = new();

    internal TestPki OtherPki { get; } = new("Other CA");

    internal RunningStub Stub { get; private set; } = null!;

    internal ListeningRouter Router { get; private set; } = null!;

    /// <summary>The port of the https listener that requires client certificates (not the other https listeners').</summary>
    internal int MutualHttpsPort { get; } = FreePort.Unused();

    public async Task InitializeAsync()
    {
        Stub = await RunningStub.StartWithTlsAsync(Pki, options: new StubOptions { TcpPort = 0 });
        var server = Pki.Server();
        var tls = new ListenerTlsConfig
        {
            Certificate = new CertificateConfig { Path = server.CertPath, KeyPath = server.KeyPath },
            HandshakeTimeout = TimeSpan.FromSeconds(3),
        };
        var mutual = tls with { ClientCertificateMode = TlsNames.RequireCertificate, ClientCertificateAuthorities = Pki.CaPath };
        var trusted = new DestinationTlsConfig { TrustedAuthorities = Pki.CaPath, ServerName = "localhost" };
        var partners = new[] { new ClientCertificateRule { Subject = "CN=partner-a" } };
        var mutualTcpPort = FreePort.Unused();
        var plainTcpPort = FreePort.Unused();

        (string Listener, string Binding, string Address, string Cluster, ListenerTlsConfig? Tls, ClientCertificateRule[] Admitted)[] plan =
        [
            ("tls-basic", WireBindingNames.BasicHttp, "https://127.0.0.1:0/tls/basic", "plain-basic", tls, []),
            ("tls-soap12", WireBindingNames.Soap12Http, "https://127.0.0.1:0/tls/soap12", "plain-soap12", tls, []),
            ("tls-binary", WireBindingNames.BinaryHttp, "https://127.0.0.1:0/tls/binary", "plain-binary", tls, []),
            ("tls-basic-https", WireBindingNames.BasicHttp, "https://127.0.0.1:0/tls/basic-https", "https-basic", tls, []),
            ("tls-basic-tcptls", WireBindingNames.BasicHttp, "https://127.0.0.1:0/tls/basic-tcptls", "tls-nettcp", tls, []),
            ("tcptls-plain", WireBindingNames.NetTcp, "net.tcp://127.0.0.1:0/tcptls/plain", "plain-nettcp", tls, []),
            ("tcptls-tls", WireBindingNames.NetTcp, "net.tcp://127.0.0.1:0/tcptls/tls", "tls-nettcp", tls, []),
            ("tcptls-soap12", WireBindingNames.NetTcp, "net.tcp://127.0.0.1:0/tcptls/soap12", "https-soap12", tls, []),
            ("tcp-plain", WireBindingNames.NetTcp, $"net.tcp://127.0.0.1:{plainTcpPort}/tcp/plain", "plain-nettcp", null, []),
            ("mtls-basic", WireBindingNames.BasicHttp, $"https://127.0.0.1:{MutualHttpsPort}/mtls/basic", "plain-basic", mutual, partners),
            ("mtls-tcp", WireBindingNames.NetTcp, $"net.tcp://127.0.0.1:{mutualTcpPort}/mtls/tcp", "plain-nettcp", mutual, partners),
        ];

        var clusters = new Dictionary<string, ClusterConfig>
        {
            ["plain-basic"] = Cluster("plain-basic", WireBindings.BasicHttp, Stub.Address(WireBindings.BasicHttp), null),
            ["plain-soap12"] = Cluster("plain-soap12", WireBindings.Soap12Http, Stub.Address(WireBindings.Soap12Http), null),
            ["plain-binary"] = Cluster("plain-binary", WireBindings.BinaryHttp, Stub.Address(WireBindings.BinaryHttp), null),
            ["plain-nettcp"] = Cluster("plain-nettcp", WireBindings.NetTcp, Stub.Address(WireBindings.NetTcp), null),
            ["https-basic"] = Cluster("https-basic", WireBindings.BasicHttp, Stub.SecureAddress(WireBindings.BasicHttp), trusted),
            ["https-soap12"] = Cluster("https-soap12", WireBindings.Soap12Http, Stub.SecureAddress(WireBindings.Soap12Http), trusted),
            ["tls-nettcp"] = Cluster("tls-nettcp", WireBindings.NetTcp, Stub.SecureAddress(WireBindings.NetTcp), trusted),
        };

        Router = await ListeningRouter.StartAsync(new RouterConfig
        {
            Listeners = [.. plan.Select(p => TestConfigs.Listener(p.Listener, p.Binding, p.Address) with { Tls = p.Tls })],
            Routes = [.. plan.Select(p => TestConfigs.Route(p.Listener, p.Cluster, TestConfigs.Address(new Uri(p.Address).AbsolutePath)) with
            {
                AllowedClientCertificates = p.Admitted,
            })],
            Clusters = clusters,
            Admin = new AdminConfig { Address = "http://127.0.0.1:0" },
        });
    }

    public async Task DisposeAsync()
    {
        await Router.DisposeAsync();
        await Stub.DisposeAsync();
        Pki.Dispose();
        OtherPki.Dispose();
    }

    private static ClusterConfig Cluster(string name, WireBinding binding, Uri address, DestinationTlsConfig? tls) => new()
    {
        Destinations = [new DestinationConfig { Name = "stub-" + name, Binding = binding.Name, Address = address.ToString(), Tls = tls }],
        ConnectTimeout = TimeSpan.FromSeconds(5),
        RequestTimeout = TimeSpan.FromSeconds(20),
    };
}
