using System.ServiceModel;
using BackendStub.Hosting;
using Samples.Contracts;
using SoapRouter.Configuration;
using SoapRouter.Tests.BackendStub;
using SoapRouter.Tests.Configuration;
using SoapRouter.Tests.Listening;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.Integration.Streamed;

/// <summary>
/// A streamed netTcp destination with tls whose service requires client certificates (the stub's TLS port with client
/// certificates of its CA required): the router presents its tls.clientCertificate in the upgrade's handshake and is
/// served; without one the service refuses the connection and the client gets the router's fault.
/// </summary>
public sealed class NetTcpTlsClientCertificateTests : IDisposable
{
    private readonly TestPki _pki = new();

    [Fact]
    public async Task ClientCertificate_IsPresentedInTheUpgrade_AndWithoutOneTheServiceRefuses()
    {
        await using var stub = await RunningStub.StartWithTlsAsync(_pki, requireClientCertificates: true, new StubOptions { AddressFilter = AddressFilterMode.Default });
        var destination = new UriBuilder(stub.SecureAddress(WireBindings.NetTcp)) { Path = StubSoapEndpoints.NetTcpStreamed.Path }.Uri;
        var client = _pki.Client("router-client");
        var trusted = new DestinationTlsConfig { TrustedAuthorities = _pki.CaPath, ServerName = "localhost" };
        var presenting = trusted with { ClientCertificate = new CertificateConfig { Path = client.CertPath, KeyPath = client.KeyPath } };
        (string Name, DestinationTlsConfig Tls)[] plan = [("presenting", presenting), ("anonymous", trusted)];
        var clusters = new Dictionary<string, ClusterConfig>();
        foreach (var (name, tls) in plan)
        {
            var cluster = StreamedRouterFixture.StreamedCluster(WireBindings.NetTcp, destination, prefix: name);
            clusters[name] = cluster with { Destinations = [.. cluster.Destinations.Select(d => d with { Tls = tls })] };
        }

        await using var router = await ListeningRouter.StartAsync(ListeningRouter.Config(
            [.. plan.Select(p => NetTcpDestinationFixture.StreamedListener(p.Name, WireBindings.BasicHttp))],
            [.. plan.Select(p => TestConfigs.Route(p.Name, p.Name, TestConfigs.Address("/router/" + p.Name)))],
            clusters));
        using var served = NetTcpDestinationFixture.Client(router, "presenting", WireBindings.BasicHttp);
        using var refused = NetTcpDestinationFixture.Client(router, "anonymous", WireBindings.BasicHttp);

        var digest = await served.Channel.UploadAsync(new PatternStream(1 << 20));
        var fault = await Assert.ThrowsAsync<FaultException>(() => refused.Channel.UploadAsync(new PatternStream(1 << 20)));

        Assert.Equal(StreamDigest.OfPattern(1 << 20), digest);
        Assert.Equal("The service is unavailable.", fault.Message);
        Assert.Equal(1, (await stub.StatsAsync()).StreamedRequests!["netTcpStreamed"]);
    }

    public void Dispose() => _pki.Dispose();
}
