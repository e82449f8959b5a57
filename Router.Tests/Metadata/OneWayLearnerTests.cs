using BackendStub.Wsdl;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.Logging;
using Samples.Contracts;
using SoapRouter.Configuration;
using SoapRouter.Forwarding.Http;
using SoapRouter.Hosting;
using SoapRouter.LoadBalancing;
using SoapRouter.Metadata;
using SoapRouter.Tests.Configuration;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.Metadata;

/// <summary>The learner on a fake clock: a WSDL that cannot be fetched is logged once, retried on its schedule, and learned when it comes.</summary>
public sealed class OneWayLearnerTests : IAsyncLifetime, IDisposable
{
    private readonly FakeTimeProvider _clock = new();
    private readonly CapturingLogger<OneWayLearner> _log = new();
    private readonly TempDirectory _directory = new();
    private volatile bool _serving;
    private RecordingBackend _backend = null!;

    public async Task InitializeAsync() =>
        _backend = await RecordingBackend.StartAsync(async (context, _, backend) =>
        {
            if (!_serving)
            {
                context.Response.StatusCode = StatusCodes.Status503ServiceUnavailable;
                return;
            }

            context.Response.ContentType = "text/xml; charset=utf-8";
            await context.Response.Body.WriteAsync(StubWsdlWriter.Write(WireBindings.NetTcp, new Uri("net.tcp://127.0.0.1:1/tcp")));
        });

    public async Task DisposeAsync() => await _backend.DisposeAsync();

    public void Dispose() => _directory.Dispose();

    [Fact]
    public async Task WsdlUnavailable_IsLoggedOnce_RetriedOnTheClock_ThenLearned()
    {
        var (learner, catalog, dispose) = Start();
        await using var _ = dispose;

        await Eventually.TrueAsync(() => Task.FromResult(catalog.Get("c")?.State == OneWayLearningStates.Failed), "the first fetch did not fail");
        Assert.Single(_backend.Requests);
        Assert.Contains("HTTP 503", catalog.Get("c")!.Problem, StringComparison.Ordinal);

        // Nothing is fetched again before the retry is due.
        _clock.Advance(OneWayLearner.FirstRetry - TimeSpan.FromSeconds(1));
        await Task.Delay(200);
        Assert.Single(_backend.Requests);

        await AdvanceUntilAsync(() => _backend.Requests.Count >= 3, "the failed fetch was not retried twice");
        Assert.Equal(OneWayLearningStates.Failed, catalog.Get("c")!.State);
        Assert.Single(_log.Entries, e => e.Level == LogLevel.Warning);
        Assert.Contains(_log.Entries, e => e.Level == LogLevel.Debug && e.Message.Contains("still not readable", StringComparison.Ordinal));

        _serving = true;
        await AdvanceUntilAsync(() => catalog.Get("c")?.State == OneWayLearningStates.Learned, "the WSDL was not learned once served");
        Assert.Equal([OrderServiceActions.SubmitOrder], catalog.Get("c")!.OneWayActions);
        Assert.Single(_log.Entries, e => e.Level == LogLevel.Warning);
        await learner.StopAsync(CancellationToken.None);
    }

    /// <summary>Moves the fake clock a retry step at a time until <paramref name="condition"/> holds (the learner sets its timer after each failure).</summary>
    private async Task AdvanceUntilAsync(Func<bool> condition, string because)
    {
        await Eventually.TrueAsync(
            async () =>
            {
                if (condition())
                {
                    return true;
                }

                _clock.Advance(OneWayLearner.FirstRetry);
                await Task.Delay(50);
                return condition();
            },
            because,
            TimeSpan.FromSeconds(20));
    }

    private (OneWayLearner Learner, OneWayCatalog Catalog, IAsyncDisposable Dispose) Start()
    {
        var config = TestConfigs.Valid() with
        {
            Routes = [TestConfigs.Route("all", "c", TestConfigs.MatchAll())],
            Clusters = new Dictionary<string, ClusterConfig>
            {
                ["c"] = new()
                {
                    Destinations =
                    [
                        new DestinationConfig
                        {
                            Name = "tcp1", Binding = WireBindingNames.NetTcp, Address = "net.tcp://127.0.0.1:1/tcp", MetadataAddress = _backend.Address("/tcp"),
                        },
                    ],
                },
            },
        };
        var file = _directory.File("router.json");
        File.WriteAllText(file, TestConfigs.ToJson(config));
        var provider = new RouterConfigProvider(file, new CapturingLogger<RouterConfigProvider>(), _clock, TimeSpan.FromHours(1));
        var runtime = new RouterRuntime(provider, LoadBalancingPolicies.CreateDefault(), new CapturingLogger<RouterRuntime>(), _clock);
        var clients = new HttpDestinationClients(_clock, TimeSpan.FromSeconds(1));
        var fetcher = new MetadataFetcher(clients);
        var catalog = new OneWayCatalog();
        var learner = new OneWayLearner(runtime, fetcher, catalog, _clock, _log);
        learner.StartAsync(CancellationToken.None).GetAwaiter().GetResult();
        return (learner, catalog, new Disposer(learner, fetcher, clients, runtime, provider));
    }

    private sealed class Disposer(OneWayLearner learner, MetadataFetcher fetcher, HttpDestinationClients clients, RouterRuntime runtime, RouterConfigProvider provider)
        : IAsyncDisposable
    {
        public async ValueTask DisposeAsync()
        {
            await learner.StopAsync(CancellationToken.None);
            learner.Dispose();
            fetcher.Dispose();
            clients.Dispose();
            runtime.Dispose();
            provider.Dispose();
        }
    }
}
