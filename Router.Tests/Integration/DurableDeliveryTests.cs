using System.Net.Http.Json;
using System.ServiceModel;
using System.Text.Json;
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
/// Durable delivery through the real router: stock WCF clients send one-way SubmitOrder to a route with
/// <c>delivery.mode: durable</c> while its BackendStub is down; every order is acknowledged, kept in the local store
/// (SQLite in a temporary folder), survives the router's restart, and reaches the stub once it is up. A full store refuses
/// with 503 (WCF's ServerTooBusyException), and the admin address shows the queue.
/// </summary>
public sealed class DurableDeliveryTests : IDisposable
{
    private readonly TempDirectory _directory = new();

    public void Dispose() => _directory.Dispose();

    [Fact]
    public async Task BackendDown_EveryOrderAcknowledged_KeptAcrossARestart_AndDeliveredOnceTheBackendIsUp()
    {
        const int orders = 60;
        var port = FreePort.Unused();
        var config = Config(port, _directory.File("queues"));
        var ids = Enumerable.Range(0, orders).Select(_ => Guid.NewGuid().ToString("D")).ToList();

        await using (var router = await ListeningRouter.StartAsync(config))
        {
            using var client = StubWcfClient<IOrderService>.Create(WireBindings.Soap12Http, router.Address("soap12"));
            foreach (var id in ids)
            {
                await client.Channel.SubmitOrderAsync(new Order { CustomerId = 7, OrderId = id });
            }

            var queues = await QueuesAsync(router);
            var queue = queues.GetProperty("queues").GetProperty("orders");
            Assert.Equal(orders, queue.GetProperty("accepted").GetInt64());
            Assert.Equal(orders, queue.GetProperty("depth").GetInt64());
            Assert.Equal(0, queue.GetProperty("delivered").GetInt64());
            Assert.Equal(orders, router.Statistics.Snapshot().OneWay);
        }

        // A new router on the same store, and the backend up: what the first one acknowledged is delivered.
        var received = _directory.File("received.txt");
        var stub = new StubHost(new StubOptions { HttpPort = port, RecordOneWayPath = received });
        await stub.StartAsync();
        try
        {
            await using var restarted = await ListeningRouter.StartAsync(config);
            await Eventually.TrueAsync(
                () => Task.FromResult(stub.Statistics.Snapshot().OneWayReceived >= orders), "the kept orders were not delivered", TimeSpan.FromSeconds(30));
            await Eventually.TrueAsync(
                async () => (await QueuesAsync(restarted)).GetProperty("queues").GetProperty("orders").GetProperty("depth").GetInt64() == 0,
                "the delivered orders stayed in the queue");
            var queue = (await QueuesAsync(restarted)).GetProperty("queues").GetProperty("orders");
            Assert.Equal(orders, queue.GetProperty("delivered").GetInt64());
            Assert.Equal(0, queue.GetProperty("deadLetters").GetInt64());
        }
        finally
        {
            await stub.DisposeAsync();
        }

        var arrived = await File.ReadAllLinesAsync(received);
        Assert.Equal(ids.Order(StringComparer.Ordinal), arrived.Distinct(StringComparer.Ordinal).Order(StringComparer.Ordinal));
    }

    [Fact]
    public async Task StoreFull_RefusesWith503_AsServerTooBusy_AndAcknowledgesNothingItDidNotKeep()
    {
        var config = Config(FreePort.Unused(), _directory.File("full"), maxBytes: QueuesRules.MinMaxBytes);
        await using var router = await ListeningRouter.StartAsync(config);
        using var client = StubWcfClient<IOrderService>.Create(WireBindings.Soap12Http, router.Address("soap12"));
        var notes = new string('n', 200_000);

        var acknowledged = 0;
        ServerTooBusyException? refused = null;
        for (var i = 0; i < 20 && refused is null; i++)
        {
            try
            {
                await client.Channel.SubmitOrderAsync(new Order { CustomerId = i, Notes = notes, OrderId = Guid.NewGuid().ToString("D") });
                acknowledged++;
            }
            catch (ServerTooBusyException exception)
            {
                refused = exception;
            }
        }

        Assert.NotNull(refused);
        Assert.InRange(acknowledged, 1, 5);
        var queue = (await QueuesAsync(router)).GetProperty("queues").GetProperty("orders");
        Assert.Equal(acknowledged, queue.GetProperty("depth").GetInt64());
        Assert.Equal(1, router.Statistics.Snapshot().Faults.RouterBusy);
    }

    [Fact]
    public async Task ServiceFaultsEveryTime_DeadLetteredAfterItsAttempts_WithTheReason_ThenReplayedAndPurged()
    {
        // A service that answers every message with a SOAP fault, as one does with a message it will never take.
        await using var backend = await RecordingBackend.StartAsync(
            RecordingBackend.Replies(500, SoapMessages.Soap12ContentType, SoapRouter.Tests.Pipeline.PipelineEnvelopes.Fault("Order rejected.")));
        var config = Config(backend.Address("/soap12"), _directory.File("poison"), maxAttempts: 3);
        await using var router = await ListeningRouter.StartAsync(config);
        using var client = StubWcfClient<IOrderService>.Create(WireBindings.Soap12Http, router.Address("soap12"));

        await client.Channel.SubmitOrderAsync(new Order { CustomerId = 1, OrderId = Guid.NewGuid().ToString("D") });

        await Eventually.TrueAsync(
            async () => (await QueuesAsync(router)).GetProperty("queues").GetProperty("orders").GetProperty("deadLetters").GetInt64() == 1,
            "the message the service faults every time was not dead-lettered", TimeSpan.FromSeconds(20));
        using var http = new HttpClient();
        var letters = await http.GetFromJsonAsync<JsonElement>(new Uri(router.Host.AdminAddress!, "/queues/orders/dead-letters"));
        var letter = Assert.Single(letters.GetProperty("deadLetters").EnumerateArray());
        Assert.Equal(3, letter.GetProperty("attempts").GetInt32());
        Assert.Contains("fault", letter.GetProperty("reason").GetString(), StringComparison.Ordinal);
        Assert.Contains("3 attempts", letter.GetProperty("reason").GetString(), StringComparison.Ordinal);
        var health = await http.GetFromJsonAsync<JsonElement>(new Uri(router.Host.AdminAddress!, "/health"));
        Assert.Equal("degraded", health.GetProperty("status").GetString());

        // Replayed, it goes back in line (and, the stub faulting still, to the dead letters again); purged, it is gone.
        var replay = await http.PostAsync(new Uri(router.Host.AdminAddress!, "/queues/orders/dead-letters/replay"), content: null);
        Assert.Equal(1, (await replay.Content.ReadFromJsonAsync<JsonElement>()).GetProperty("count").GetInt32());
        await Eventually.TrueAsync(
            async () => (await QueuesAsync(router)).GetProperty("queues").GetProperty("orders").GetProperty("deadLetters").GetInt64() == 1,
            "the replayed message did not come back to the dead letters", TimeSpan.FromSeconds(20));
        var purge = await http.DeleteAsync(new Uri(router.Host.AdminAddress!, "/queues/orders/dead-letters"));
        Assert.Equal(1, (await purge.Content.ReadFromJsonAsync<JsonElement>()).GetProperty("count").GetInt32());
        Assert.Equal(0, (await QueuesAsync(router)).GetProperty("queues").GetProperty("orders").GetProperty("deadLetters").GetInt64());
    }

    [Fact]
    public async Task StoreCannotBeOpened_RefusesWith503_AndHealthAndStatsSayWhy_InsteadOfFailing()
    {
        // A folder that can never be made (its parent is a file), as a mount that is missing or read-only would be.
        var blocker = _directory.File("not-a-folder");
        await File.WriteAllTextAsync(blocker, "a file");
        var config = Config(FreePort.Unused(), Path.Combine(blocker, "queues"));
        await using var router = await ListeningRouter.StartAsync(config);
        using var client = StubWcfClient<IOrderService>.Create(WireBindings.Soap12Http, router.Address("soap12"));

        await Assert.ThrowsAsync<ServerTooBusyException>(() => client.Channel.SubmitOrderAsync(new Order { CustomerId = 1, OrderId = Guid.NewGuid().ToString("D") }));

        using var http = new HttpClient();
        var health = await http.GetAsync(new Uri(router.Host.AdminAddress!, "/health"));
        var stats = await http.GetAsync(new Uri(router.Host.AdminAddress!, "/stats"));
        Assert.Equal((System.Net.HttpStatusCode.OK, System.Net.HttpStatusCode.OK), (health.StatusCode, stats.StatusCode));
        var body = await health.Content.ReadFromJsonAsync<JsonElement>();
        Assert.Equal("degraded", body.GetProperty("status").GetString());
        Assert.Contains(body.GetProperty("reasons").EnumerateArray(), reason => reason.GetString()!.StartsWith("queues: the local store cannot be opened", StringComparison.Ordinal));
    }

    [Fact]
    public async Task RequestReplyOnADurableRoute_IsForwardedDirectly_AndAMessageOverTheSizeLimitIsNeverKept()
    {
        var port = FreePort.Unused();
        var config = Config(port, _directory.File("direct")) with { Limits = new LimitsConfig { MaxMessageSize = 64 * 1024 } };
        await using var stub = await RunningStubOn(port, new StubOptions());
        await using var router = await ListeningRouter.StartAsync(config);
        using var client = StubWcfClient<IOrderService>.Create(WireBindings.Soap12Http, router.Address("soap12"));

        var got = await client.Channel.GetOrdersAsync(2);
        var tooLarge = await Assert.ThrowsAnyAsync<CommunicationException>(
            () => client.Channel.SubmitOrderAsync(new Order { CustomerId = 2, Notes = new string('x', 100_000), OrderId = Guid.NewGuid().ToString("D") }));

        Assert.Equal(2, got.Length);
        Assert.NotNull(tooLarge);
        var queue = (await QueuesAsync(router)).GetProperty("queues").GetProperty("orders");
        Assert.Equal(0, queue.GetProperty("accepted").GetInt64());
        Assert.Equal(1, stub.Host.Statistics.Snapshot().Requests);
    }

    /// <summary>The standard listeners, one durable route "orders" to the soap12 endpoint of a stub on <paramref name="port"/>, the store in <paramref name="path"/>.</summary>
    internal static RouterConfig Config(int port, string path, long maxBytes = 1L << 30, int maxAttempts = 1000) =>
        Config($"http://127.0.0.1:{port}/soap12", path, maxBytes, maxAttempts);

    /// <summary>The same, to the soap12Http destination at <paramref name="address"/>.</summary>
    internal static RouterConfig Config(string address, string path, long maxBytes = 1L << 30, int maxAttempts = 1000) =>
        ListeningRouter.Config(
            [TestConfigs.Route("orders", "c", TestConfigs.MatchAll()) with
            {
                Delivery = new DeliveryConfig
                {
                    Mode = DeliveryModes.Durable,
                    MaxAttempts = maxAttempts,
                    InitialBackoff = TimeSpan.FromMilliseconds(100),
                    MaxBackoff = TimeSpan.FromMilliseconds(400),
                },
            }],
            new() { ["c"] = ListeningRouter.Cluster(WireBindingNames.Soap12Http, [address], requestTimeout: TimeSpan.FromSeconds(5)) })
        with
        {
            Queues = new QueuesConfig { Path = path, MaxBytes = maxBytes },
        };

    /// <summary>GET /queues on the router's admin address.</summary>
    internal static async Task<JsonElement> QueuesAsync(ListeningRouter router)
    {
        using var http = new HttpClient();
        return await http.GetFromJsonAsync<JsonElement>(new Uri(router.Host.AdminAddress!, "/queues"));
    }

    private static async Task<RunningStubHost> RunningStubOn(int port, StubOptions options)
    {
        var host = new StubHost(options with { HttpPort = port });
        await host.StartAsync();
        return new RunningStubHost(host);
    }

    /// <summary>A stub on a port of the test's choosing, disposed with the test.</summary>
    private sealed class RunningStubHost(StubHost host) : IAsyncDisposable
    {
        public StubHost Host => host;

        public ValueTask DisposeAsync() => host.DisposeAsync();
    }
}
