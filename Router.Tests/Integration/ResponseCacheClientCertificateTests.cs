using Samples.Contracts;
using SoapRouter.Configuration;
using SoapRouter.Tests.BackendStub.Tls;
using SoapRouter.Tests.Configuration;
using SoapRouter.Tests.Listening;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.Integration;

/// <summary>
/// The response cache on an https listener that asks for client certificates: partners with different certificates
/// asking the same question each get their own answer (the partner service answers by the caller's certificate,
/// passed in X-Forwarded-Client-Cert), and each partner's repeat is a hit.
/// </summary>
public sealed class ResponseCacheClientCertificateTests : IAsyncLifetime
{
    private static readonly string[] Partners = ["partner-a", "partner-b"];
    private static readonly string[] Calls = ["partner-a", "partner-b", "partner-a", "partner-b"];

    private TestPki Pki { get; } = new();
    private RecordingBackend _partners = null!;
    private ListeningRouter _router = null!;

    public async Task InitializeAsync()
    {
        _partners = await RecordingBackend.StartAsync(ResponseCacheFixture.AnswerEachTenantAsync);
        var server = Pki.Server();
        var tls = new ListenerTlsConfig
        {
            Certificate = new CertificateConfig { Path = server.CertPath, KeyPath = server.KeyPath },
            ClientCertificateMode = TlsNames.RequireCertificate,
            ClientCertificateAuthorities = Pki.CaPath,
        };
        _router = await ListeningRouter.StartAsync(new RouterConfig
        {
            Listeners = [TestConfigs.Listener("partners", WireBindingNames.Soap12Http, "https://127.0.0.1:0/partners") with { Tls = tls }],
            Routes =
            [
                TestConfigs.Route("partners", "partners", TestConfigs.MatchAll()) with
                {
                    IdempotentActions = [EchoServiceActions.Echo],
                    ForwardClientCertificate = ClientCertificateForwarding.Header,
                    Cache = ResponseCacheFixture.Cache([EchoServiceActions.Echo]),
                },
            ],
            Clusters = new Dictionary<string, ClusterConfig>
            {
                ["partners"] = ListeningRouter.Cluster(WireBindingNames.Soap12Http, [_partners.Address("/partners")]),
            },
            Admin = new AdminConfig { Address = "http://127.0.0.1:0" },
        });
    }

    public async Task DisposeAsync()
    {
        await _router.DisposeAsync();
        await _partners.DisposeAsync();
        Pki.Dispose();
    }

    [Fact]
    public async Task PartnersWithDifferentCertificates_AskingTheSame_EachGetTheirOwnAnswer_AndTheirOwnHits()
    {
        // One certificate per partner, presented on each of its calls (a new one would be another caller).
        var certificates = Partners.ToDictionary(name => name, name => Pki.Client(name).Certificate);
        var answers = new List<(string Partner, string Text)>();
        foreach (var partner in Calls)
        {
            using var client = TlsStubClient.Create<IEchoService>(
                WireBindings.Soap12Http, _router.Address("partners"), Pki, out _, certificates[partner]);
            var echoed = await client.Channel.EchoAsync(new EchoPayload { Text = "the same question" }).WaitAsync(TlsStubClient.CallBound);
            answers.Add((partner, echoed.Text!));
        }

        Assert.All(answers, answer => Assert.Contains($"Subject=\"CN={answer.Partner}\"", answer.Text, StringComparison.Ordinal));
        Assert.Equal(2, _partners.Requests.Count);
        Assert.Equal(2, _router.Statistics.Cache("partners").Hits);
    }
}
