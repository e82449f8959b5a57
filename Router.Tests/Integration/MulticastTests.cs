using System.Net.Http.Json;
using System.Text.Json;
using Samples.Contracts;
using SoapRouter.Configuration;
using SoapRouter.Tests.BackendStub;
using SoapRouter.Tests.BackendStub.Wcf;
using SoapRouter.Tests.Configuration;
using SoapRouter.Tests.Listening;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.Integration;

/// <summary>
/// <c>routes[].copyTo</c> through the real router with stock WCF clients: every message the route takes reaches its own
/// cluster and each copy cluster (RoutingService's multicast); the client's answer comes from its own cluster; a copy
/// cluster that is down never fails or slows the client; on a durable route each copy is a durable delivery of its own.
/// </summary>
public sealed class MulticastTests : IDisposable
{
    private readonly TempDirectory _directory = new();

    public void Dispose() => _directory.Dispose();

    [Fact]
    public async Task CopyTo_EveryMessageReachesBothClusters_AndTheClientIsAnsweredByItsOwn()
    {
        const int orders = 500;
        await using var main = await RunningStub.StartAsync();
        await using var audit = await RunningStub.StartAsync();
        var config = Config(main.Address(WireBindings.Soap12Http).AbsoluteUri, audit.Address(WireBindings.BinaryHttp).AbsoluteUri);
        await using var router = await ListeningRouter.StartAsync(config);
        using var client = StubWcfClient<IOrderService>.Create(WireBindings.Soap12Http, router.Address("soap12"));

        for (var i = 0; i < orders; i++)
        {
            await client.Channel.SubmitOrderAsync(new Order { CustomerId = i, OrderId = Guid.NewGuid().ToString("D") });
        }

        var got = await client.Channel.GetOrdersAsync(3);

        Assert.Equal(3, got.Length);
        await Eventually.TrueAsync(
            () => Task.FromResult(audit.Host.Statistics.Snapshot().OneWayReceived == orders && audit.Host.Statistics.Snapshot().Requests == orders + 1),
            "the copy cluster did not get every message (re-encoded to its binaryHttp)");
        Assert.Equal(orders, main.Host.Statistics.Snapshot().OneWayReceived);
        Assert.Equal(orders + 1, main.Host.Statistics.Snapshot().Requests);
        // The copy cluster counts a request when it reads it, the router counts a copy sent when its answer is back.
        await Eventually.TrueAsync(
            async () => (await StatsAsync(router)).GetProperty("queues").GetProperty("copies").GetProperty("orders").GetProperty("sent").GetInt64() == orders + 1,
            "the router did not count every copy sent");
        var copies = (await StatsAsync(router)).GetProperty("queues").GetProperty("copies").GetProperty("orders");
        Assert.Equal((orders + 1, 0), (copies.GetProperty("sent").GetInt64(), copies.GetProperty("failed").GetInt64()));
    }

    [Fact]
    public async Task CopyClusterDown_TheClientIsAnsweredAsUsual_AndTheFailedCopiesAreCounted()
    {
        await using var main = await RunningStub.StartAsync();
        using var refusing = FreePort.Refusing();
        var config = Config(main.Address(WireBindings.Soap12Http).AbsoluteUri, $"http://127.0.0.1:{FreePort.PortOf(refusing)}/binary");
        await using var router = await ListeningRouter.StartAsync(config);
        using var client = StubWcfClient<IOrderService>.Create(WireBindings.Soap12Http, router.Address("soap12"));

        for (var i = 0; i < 20; i++)
        {
            Assert.Equal(2, (await client.Channel.GetOrdersAsync(2)).Length);
        }

        await Eventually.TrueAsync(
            async () => (await StatsAsync(router)).GetProperty("queues").GetProperty("copies").GetProperty("orders").GetProperty("failed").GetInt64() == 20,
            "the failed copies were not counted");
        var stats = router.Statistics.Snapshot();
        Assert.Equal(0, stats.Faults.BackendUnavailable);
        Assert.Equal(new SoapRouter.Telemetry.TrafficSnapshot(20, 0, stats.Routes["orders"].BytesIn, stats.Routes["orders"].BytesOut), stats.Routes["orders"]);
    }

    [Fact]
    public async Task DurableRouteWithCopyTo_KeepsACopyQueueOfItsOwn_SoACopyClusterDownHoldsNothingElse()
    {
        const int orders = 30;
        await using var main = await RunningStub.StartAsync();
        var auditPort = FreePort.Unused();
        var config = Config(main.Address(WireBindings.Soap12Http).AbsoluteUri, $"http://127.0.0.1:{auditPort}/binary") with
        {
            Queues = new QueuesConfig { Path = _directory.File("queues") },
        };
        config = config with
        {
            Routes = [config.Routes[0] with { Delivery = new DeliveryConfig { Mode = DeliveryModes.Durable, InitialBackoff = TimeSpan.FromMilliseconds(100), MaxBackoff = TimeSpan.FromMilliseconds(300) } }],
        };
        await using var router = await ListeningRouter.StartAsync(config);
        using var client = StubWcfClient<IOrderService>.Create(WireBindings.Soap12Http, router.Address("soap12"));

        for (var i = 0; i < orders; i++)
        {
            await client.Channel.SubmitOrderAsync(new Order { CustomerId = i, OrderId = Guid.NewGuid().ToString("D") });
        }

        // The route's own queue drains while the copy's waits for its cluster.
        await Eventually.TrueAsync(() => Task.FromResult(main.Host.Statistics.Snapshot().OneWayReceived == orders), "the route's own cluster did not get every order");
        var queues = (await DurableDeliveryTests.QueuesAsync(router)).GetProperty("queues");
        Assert.Equal(orders, queues.GetProperty("orders->audit").GetProperty("depth").GetInt64());

        await using var audit = await StartOnAsync(auditPort);
        await Eventually.TrueAsync(() => Task.FromResult(audit.Statistics.Snapshot().OneWayReceived == orders), "the copy queue was not delivered once its cluster came up", TimeSpan.FromSeconds(30));
        await Eventually.TrueAsync(
            async () => (await DurableDeliveryTests.QueuesAsync(router)).GetProperty("queues").GetProperty("orders->audit").GetProperty("depth").GetInt64() == 0,
            "the delivered copies stayed in their queue");
    }

    private static RouterConfig Config(string main, string audit) =>
        ListeningRouter.Config(
            [TestConfigs.Route("orders", "c", TestConfigs.MatchAll()) with { CopyTo = ["audit"] }],
            new()
            {
                ["c"] = ListeningRouter.Cluster(WireBindingNames.Soap12Http, [main]),
                ["audit"] = ListeningRouter.Cluster(WireBindingNames.BinaryHttp, [audit], requestTimeout: TimeSpan.FromSeconds(5), prefix: "audit"),
            });

    private static async Task<JsonElement> StatsAsync(ListeningRouter router)
    {
        using var http = new HttpClient();
        return await http.GetFromJsonAsync<JsonElement>(new Uri(router.Host.AdminAddress!, "/stats"));
    }

    private static async Task<global::BackendStub.Hosting.StubHost> StartOnAsync(int port)
    {
        var host = new global::BackendStub.Hosting.StubHost(new global::BackendStub.Hosting.StubOptions { HttpPort = port });
        await host.StartAsync();
        return host;
    }
}
