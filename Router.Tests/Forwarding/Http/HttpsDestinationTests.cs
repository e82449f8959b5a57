using System.Net;
using System.Security.Cryptography.X509Certificates;
using Microsoft.AspNetCore.Server.Kestrel.Https;
using Microsoft.Extensions.Logging;
using SoapRouter.Configuration;
using SoapRouter.Tests.Listening;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.Forwarding.Http;

/// <summary>The router as a TLS client of https:// destinations: real Kestrel backends over TLS with certificates the test made.</summary>
public sealed class HttpsDestinationTests : IDisposable
{
    private static readonly HttpClient Client = new(new SocketsHttpHandler { UseProxy = false }) { Timeout = TimeSpan.FromSeconds(30) };
    private readonly TestPki _pki = new();
    private readonly TestPki _otherPki = new("Other CA");

    private static HttpsConnectionAdapterOptions Https(TestCertificate certificate, TestPki? requireClientsOf = null) => new()
    {
        ServerCertificate = certificate.Certificate,
        ClientCertificateMode = requireClientsOf is null ? Microsoft.AspNetCore.Server.Kestrel.Https.ClientCertificateMode.NoCertificate : Microsoft.AspNetCore.Server.Kestrel.Https.ClientCertificateMode.RequireCertificate,
        ClientCertificateValidation = requireClientsOf is null ? null : (presented, _, _) => TestCaValidator.Chains(presented, requireClientsOf.Ca, out _),
    };

    private static Task<RecordingBackend> Echo(HttpsConnectionAdapterOptions https) =>
        RecordingBackend.StartAsync(RecordingBackend.Echoes(SoapMessages.ContentType("basic")), https);

    private static ClusterConfig Cluster(params DestinationConfig[] destinations) => new()
    {
        Destinations = destinations,
        ConnectTimeout = TimeSpan.FromSeconds(5),
        RequestTimeout = TimeSpan.FromSeconds(10),
    };

    private static DestinationConfig Destination(string name, string address, DestinationTlsConfig? tls) =>
        new() { Name = name, Binding = WireBindingNames.BasicHttp, Address = address, Tls = tls };

    private static async Task<HttpResponseMessage> SendAsync(ListeningRouter router)
    {
        using var request = SoapMessages.Request(router.Address("basic"), "basic", SoapMessages.Soap11(300));
        return await Client.SendAsync(request);
    }

    [Fact]
    public async Task HttpsDestination_CheckedAgainstTrustedAuthorities_IsServed_OnPooledConnections()
    {
        await using var backend = await Echo(Https(_pki.Server()));
        var tls = new DestinationTlsConfig { TrustedAuthorities = _pki.CaPath };
        await using var router = await ListeningRouter.StartAsync(ListeningRouter.CatchAll(Cluster(Destination("d1", backend.Address().Replace("http:", "https:", StringComparison.Ordinal), tls))));

        for (var i = 0; i < 20; i++)
        {
            using var response = await SendAsync(router);
            Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        }

        Assert.Equal(20, backend.Requests.Count);
        var handshakes = router.Statistics.Snapshot().Tls.DestinationHandshakes["d1"];
        Assert.InRange(handshakes, 1, 2);
    }

    [Fact]
    public async Task CertificateOfAnotherAuthority_FailsOverToTheNextDestination_AndIsLoggedWithTheReason()
    {
        await using var untrusted = await Echo(Https(_otherPki.Server()));
        await using var trusted = await Echo(Https(_pki.Server()));
        var tls = new DestinationTlsConfig { TrustedAuthorities = _pki.CaPath };
        var config = ListeningRouter.CatchAll(Cluster(
            Destination("untrusted", Https(untrusted), tls),
            Destination("trusted", Https(trusted), tls)) with { LoadBalancing = "roundRobin" });
        await using var router = await ListeningRouter.StartAsync(config);

        for (var i = 0; i < 4; i++)
        {
            using var response = await SendAsync(router);
            Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        }

        Assert.Empty(untrusted.Requests);
        Assert.Equal(4, trusted.Requests.Count);
        var stats = router.Statistics.Snapshot();
        Assert.True(stats.Tls.DestinationFailures["untrusted"] >= 1);
        Assert.True(router.Statistics.Failovers >= 1);
        var line = await router.Log.WaitFor(LogLevel.Warning, "Destination untrusted:").WaitAsync(TimeSpan.FromSeconds(15));
        Assert.Contains("TlsFailed: the certificate (CN=localhost) does not chain to the trusted authorities", line, StringComparison.Ordinal);
    }

    [Fact]
    public async Task EveryDestinationRefusedForItsCertificate_TheClientGetsBackendUnavailable()
    {
        await using var untrusted = await Echo(Https(_otherPki.Server()));
        var tls = new DestinationTlsConfig { TrustedAuthorities = _pki.CaPath };
        await using var router = await ListeningRouter.StartAsync(ListeningRouter.CatchAll(Cluster(Destination("untrusted", Https(untrusted), tls))));

        using var response = await SendAsync(router);

        Assert.Equal(HttpStatusCode.InternalServerError, response.StatusCode);
        Assert.Contains("The service is unavailable.", await response.Content.ReadAsStringAsync(), StringComparison.Ordinal);
        Assert.Empty(untrusted.Requests);
        Assert.Equal(1, router.Statistics.Snapshot().Faults.BackendUnavailable);
    }

    [Fact]
    public async Task ServerName_ChecksTheCertificateOfAnIpAddressDestinationByThatName()
    {
        // A certificate for backend.internal only (no IP address in it), reached at 127.0.0.1.
        var named = _pki.Issue("backend.internal", ["backend.internal"], [], [TestPki.ServerAuthOid], null, null, rsa: false);
        await using var backend = await Echo(Https(named));
        await using var withName = await ListeningRouter.StartAsync(ListeningRouter.CatchAll(Cluster(
            Destination("d1", Https(backend), new DestinationTlsConfig { TrustedAuthorities = _pki.CaPath, ServerName = "backend.internal" }))));
        await using var withoutName = await ListeningRouter.StartAsync(ListeningRouter.CatchAll(Cluster(
            Destination("d1", Https(backend), new DestinationTlsConfig { TrustedAuthorities = _pki.CaPath }))));

        using var named200 = await SendAsync(withName);
        using var mismatch = await SendAsync(withoutName);

        Assert.Equal(HttpStatusCode.OK, named200.StatusCode);
        Assert.StartsWith("backend.internal:", Assert.Single(backend.Requests).Header("Host"), StringComparison.Ordinal);
        Assert.Equal(HttpStatusCode.InternalServerError, mismatch.StatusCode);
        Assert.Equal(1, withoutName.Statistics.Snapshot().Tls.DestinationFailures["d1"]);
    }

    [Fact]
    public async Task ClientCertificate_IsPresentedToABackendThatRequiresOne()
    {
        await using var backend = await Echo(Https(_pki.Server(), requireClientsOf: _pki));
        var client = _pki.Client("router-client");
        await using var presenting = await ListeningRouter.StartAsync(ListeningRouter.CatchAll(Cluster(Destination("d1", Https(backend), new DestinationTlsConfig
        {
            TrustedAuthorities = _pki.CaPath,
            ClientCertificate = new CertificateConfig { Path = client.CertPath, KeyPath = client.KeyPath },
        }))));
        await using var anonymous = await ListeningRouter.StartAsync(ListeningRouter.CatchAll(Cluster(
            Destination("d1", Https(backend), new DestinationTlsConfig { TrustedAuthorities = _pki.CaPath }))));

        using var served = await SendAsync(presenting);
        using var refused = await SendAsync(anonymous);

        Assert.Equal(HttpStatusCode.OK, served.StatusCode);
        Assert.Equal("CN=router-client", Assert.Single(backend.Requests).Header(RecordingBackend.ClientCertificateSubject));
        Assert.Equal(HttpStatusCode.InternalServerError, refused.StatusCode);
    }

    [Fact]
    public async Task InsecureSkipVerify_AcceptsAnyCertificate()
    {
        await using var backend = await Echo(Https(_otherPki.Server()));
        await using var router = await ListeningRouter.StartAsync(ListeningRouter.CatchAll(Cluster(
            Destination("d1", Https(backend), new DestinationTlsConfig { InsecureSkipVerify = true }))));

        using var response = await SendAsync(router);

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Contains(router.Log.Entries, e => e.Level == LogLevel.Warning && e.Message.Contains("NOT checked", StringComparison.Ordinal));
    }

    public void Dispose()
    {
        _pki.Dispose();
        _otherPki.Dispose();
    }

    private static string Https(RecordingBackend backend) => backend.Address().Replace("http:", "https:", StringComparison.Ordinal);
}
