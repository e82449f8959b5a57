using System.ServiceModel;
using Microsoft.Extensions.Logging;
using Samples.Contracts;
using SoapRouter.Configuration;
using SoapRouter.Tests.BackendStub.Wcf;
using SoapRouter.Tests.Configuration;
using SoapRouter.Tests.Listening;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.Integration;

/// <summary>
/// Every destination of a cluster down, through the real router with real WCF clients: retries stay within the
/// cluster's retry budget (they cannot multiply the outage) and the log stays at a few lines per destination.
/// </summary>
public sealed class AllDestinationsDownTests
{
    private const int Workers = 16;
    private const int CallsPerWorker = 20;
    private const int Messages = Workers * CallsPerWorker;

    [Fact]
    public async Task BackendsAnswering500_RetriesOfIdempotentCallsStayWithinBudget_LogStaysSmall()
    {
        // Reached and failing: an empty HTTP 500 after a short delay, so requests overlap and the budget has work to do.
        await using var a = await RecordingBackend.StartAsync(SlowEmpty500);
        await using var b = await RecordingBackend.StartAsync(SlowEmpty500);
        var cluster = ListeningRouter.Cluster(WireBindingNames.Soap12Http, [a.Address(), b.Address()]) with
        {
            // Ejection off: this test is about the budget alone (with ejection, one destination would leave the rotation
            // and there would be nothing to retry on).
            OutlierDetection = new OutlierDetectionConfig { Enabled = false },
            Retry = new RetryConfig { MaxAttempts = 3, BudgetPercent = 20, MinRetriesPerSecond = 1 },
        };
        var route = TestConfigs.Route("all", "c", TestConfigs.MatchAll()) with { IdempotentActions = [OrderServiceActions.GetOrders] };
        await using var router = await ListeningRouter.StartAsync(ListeningRouter.Config([route], new() { ["c"] = cluster }));

        var failed = await CallGetOrdersAsync(router);

        Assert.Equal(Messages, failed);
        var attempts = a.Requests.Count + b.Requests.Count;
        var retries = attempts - Messages;
        // Without a budget every message would try both destinations (retries == Messages). With 20% of the requests of
        // the last 10 s plus 1 per second, at most ~Messages / 5 + 10 retries are made; the rest are refused.
        Assert.InRange(retries, 1, Messages / 2);
        Assert.True(router.Host.Runtime.State.Clusters["c"].Budget.Denied > 0, "the retry budget never refused a retry");
        AssertLogStaysSmall(router, ["d1", "d2"]);
    }

    [Fact]
    public async Task NothingListening_EveryCallFailsCleanly_AttemptsBoundedPerMessage_LogStaysSmall()
    {
        var cluster = ListeningRouter.Cluster(
            WireBindingNames.Soap12Http,
            [$"http://127.0.0.1:{FreePort.Unused()}/service", $"http://127.0.0.1:{FreePort.Unused()}/service"]);
        var route = TestConfigs.Route("all", "c", TestConfigs.MatchAll()) with { IdempotentActions = [OrderServiceActions.GetOrders] };
        await using var router = await ListeningRouter.StartAsync(ListeningRouter.Config([route], new() { ["c"] = cluster }));

        var failed = await CallGetOrdersAsync(router);

        Assert.Equal(Messages, failed);
        var d1 = router.Statistics.Destination("d1").Messages;
        var d2 = router.Statistics.Destination("d2").Messages;
        // A refused connect is retried on the other destination (it cannot have arrived), at most once per destination.
        // Both are ejected after their refusals in a row; with every destination out the cluster panics and tries them all
        // (maxEjectionPercent), so how many attempts ejection spared depends only on which messages were in flight then.
        Assert.InRange(d1, 1, Messages);
        Assert.InRange(d2, 1, Messages);
        Assert.All(router.Host.Runtime.State.Clusters["c"].Primaries.ToArray(), destination => Assert.True(destination.Health!.Ejections >= 1, destination.Name + " was never ejected"));
        AssertLogStaysSmall(router, ["d1", "d2"]);
    }

    /// <summary>Calls GetOrders <see cref="CallsPerWorker"/> times from each of <see cref="Workers"/> WCF clients; returns how many failed.</summary>
    private static async Task<int> CallGetOrdersAsync(ListeningRouter router)
    {
        var failed = 0;
        await Task.WhenAll(Enumerable.Range(0, Workers).Select(_ => Task.Run(async () =>
        {
            using var client = StubWcfClient<IOrderService>.Create(WireBindings.Soap12Http, router.Address("soap12"));
            for (var i = 0; i < CallsPerWorker; i++)
            {
                try
                {
                    await client.Channel.GetOrdersAsync(1);
                }
                catch (FaultException)
                {
                    Interlocked.Increment(ref failed);
                }
                catch (CommunicationException)
                {
                    // A 503 (ServerTooBusyException) or another transport-level answer: failed all the same (an HTTP request
                    // channel is not faulted by it, so the next call still reaches the router).
                    Interlocked.Increment(ref failed);
                }
            }
        })));
        return failed;
    }

    private static void AssertLogStaysSmall(ListeningRouter router, string[] destinations)
    {
        var loud = router.Log.Entries.Where(entry => entry.Level >= LogLevel.Information && !entry.Message.Contains("listening on", StringComparison.Ordinal)).ToList();
        foreach (var destination in destinations)
        {
            var lines = loud.Count(entry => entry.Message.Contains(destination, StringComparison.Ordinal));
            Assert.True(lines <= 3, $"{lines} log lines at Information or above for {destination} after {Messages} failed messages:\n" + string.Join('\n', loud.Select(e => e.Message)));
        }

        Assert.True(loud.Count <= 3 * destinations.Length + 2, "the log grew with the traffic:\n" + string.Join('\n', loud.Select(e => e.Message)));
    }

    private static async Task SlowEmpty500(Microsoft.AspNetCore.Http.HttpContext context, ReceivedRequest request, RecordingBackend backend)
    {
        await Task.Delay(20, backend.Stopping);
        context.Response.StatusCode = 500;
    }
}
