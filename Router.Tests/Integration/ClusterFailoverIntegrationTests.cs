using System.Collections.Concurrent;
using System.ServiceModel;
using BackendStub.Hosting;
using Samples.Contracts;
using SoapRouter.Configuration;
using SoapRouter.Tests.BackendStub.Wcf;
using SoapRouter.Tests.Configuration;
using SoapRouter.Tests.Listening;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.Integration;

/// <summary>
/// A round-robin cluster of two real BackendStubs, one killed under load and restarted: idempotent calls never fail,
/// one-way messages are never delivered twice, the dead one is ejected, probed and readmitted.
/// </summary>
public sealed class ClusterFailoverIntegrationTests
{
    [Fact]
    public async Task DestinationKilledUnderLoad_NoIdempotentCallFails_OneWayNeverTwice_EjectedThenReadmitted()
    {
        var portA = FreePort.Unused();
        var portB = FreePort.Unused();
        await using var stubA = await StartStubAsync(portA);
        var stubB = await StartStubAsync(portB);
        var cluster = ListeningRouter.Cluster(
            WireBindingNames.Soap12Http,
            [stubA.AddressOf(WireBindings.Soap12Http).AbsoluteUri, stubB.AddressOf(WireBindings.Soap12Http).AbsoluteUri],
            requestTimeout: TimeSpan.FromSeconds(5)) with
        {
            HealthCheck = new HealthCheckConfig { Path = "?wsdl", Interval = TimeSpan.FromMilliseconds(500), Timeout = TimeSpan.FromSeconds(1), HealthyThreshold = 2, UnhealthyThreshold = 2 },
        };
        var route = TestConfigs.Route("all", "c", TestConfigs.MatchAll()) with { IdempotentActions = [OrderServiceActions.GetOrders] };
        await using var router = await ListeningRouter.StartAsync(ListeningRouter.Config([route], new() { ["c"] = cluster }));
        var b = router.Host.Runtime.State.Clusters["c"].Primaries[1];

        using var stop = new CancellationTokenSource();
        var getOrdersFailed = new ConcurrentQueue<string>();
        long getOrdersOk = 0, oneWayAcknowledged = 0, oneWayFailed = 0;
        var workers = Enumerable.Range(0, 4).Select(worker => Task.Run(async () =>
        {
            using var client = StubWcfClient<IOrderService>.Create(WireBindings.Soap12Http, router.Address("soap12"));
            for (var i = 0; !stop.IsCancellationRequested; i++)
            {
                if (worker == 0)
                {
                    try
                    {
                        await client.Channel.SubmitOrderAsync(new Order { CustomerId = i, Notes = $"order {i}" });
                        Interlocked.Increment(ref oneWayAcknowledged);
                    }
                    catch (CommunicationException)
                    {
                        // May have arrived (the router does not send a one-way message twice) or not: counted below.
                        Interlocked.Increment(ref oneWayFailed);
                    }

                    continue;
                }

                try
                {
                    var orders = await client.Channel.GetOrdersAsync(3);
                    if (orders.Length == 3)
                    {
                        Interlocked.Increment(ref getOrdersOk);
                    }
                    else
                    {
                        getOrdersFailed.Enqueue($"{orders.Length} orders");
                    }
                }
                catch (CommunicationException ex)
                {
                    getOrdersFailed.Enqueue(ex.Message);
                }
            }
        })).ToList();

        await Eventually.TrueAsync(() => Task.FromResult(Interlocked.Read(ref getOrdersOk) >= 100), "no calls succeeded before the kill");
        var receivedByDeadB = stubB.Statistics;
        await stubB.DisposeAsync();
        await Eventually.TrueAsync(() => Task.FromResult(b.Health!.State != "healthy"), "the killed destination was never taken out", TimeSpan.FromSeconds(15));
        var okWhileDown = Interlocked.Read(ref getOrdersOk);
        await Eventually.TrueAsync(() => Task.FromResult(Interlocked.Read(ref getOrdersOk) >= okWhileDown + 100), "calls stopped while one destination was down");

        stubB = await StartStubAsync(portB);
        await Eventually.TrueAsync(() => Task.FromResult(b.Health!.State == "healthy" && stubB.Statistics.Snapshot().Requests > 20), "the restarted destination was not readmitted", TimeSpan.FromSeconds(30));
        await stop.CancelAsync();
        await Task.WhenAll(workers);
        await stubB.DisposeAsync();

        Assert.Empty(getOrdersFailed);
        var oneWayReceived = stubA.Statistics.Snapshot().OneWayReceived + receivedByDeadB.Snapshot().OneWayReceived + stubB.Statistics.Snapshot().OneWayReceived;
        // Every acknowledged one-way message arrived; none arrived twice (at most the ones whose fate the client could not know).
        Assert.InRange(oneWayReceived, oneWayAcknowledged, oneWayAcknowledged + oneWayFailed);
    }

    private static async Task<StubHost> StartStubAsync(int port)
    {
        var host = new StubHost(new StubOptions { HttpPort = port });
        await host.StartAsync();
        return host;
    }
}
