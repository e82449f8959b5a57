using System.Net.Http.Json;
using System.ServiceModel;
using System.Text.Json;
using BackendStub.Hosting;
using Samples.Contracts;
using SoapRouter.Configuration;
using SoapRouter.Tests.BackendStub.Wcf;
using SoapRouter.Tests.Listening;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.Integration;

/// <summary>
/// Durable delivery through the real router on the RabbitMQ store (a real rabbitmq-server): a broker lost between the
/// router and it refuses the client with 503 (WCF's ServerTooBusyException) and says so on /health, and is used again
/// once it is back, without a restart; a message the service faults every time is dead-lettered with its reason and can
/// be replayed and purged on the admin address.
/// </summary>
public sealed class DurableDeliveryRabbitMqTests : IAsyncLifetime, IDisposable
{
    private readonly string _prefix = RabbitMqBroker.UniquePrefix();
    private readonly TempDirectory _directory = new();

    public Task InitializeAsync() => Task.CompletedTask;

    public void Dispose() => _directory.Dispose();

    public async Task DisposeAsync()
    {
        if (RabbitMqBroker.IsListening)
        {
            await RabbitMqBroker.DeleteAsync(_prefix, "orders");
        }
    }

    [RabbitMqFact]
    public async Task BrokerLost_ClientIsRefusedAsServerTooBusy_HealthSaysWhy_AndTheBrokerIsUsedAgainWhenBack()
    {
        var port = FreePort.Unused();
        await using var tap = TcpTap.Start(RabbitMqBroker.Port);
        var received = _directory.File("received.txt");
        var (before, during, after) = (Guid.NewGuid().ToString("D"), Guid.NewGuid().ToString("D"), Guid.NewGuid().ToString("D"));
        var stub = new StubHost(new StubOptions { HttpPort = port, RecordOneWayPath = received });
        await stub.StartAsync();
        try
        {
            await using var router = await ListeningRouter.StartAsync(Config($"http://127.0.0.1:{port}/soap12", RabbitMqBroker.Through(tap.Port)));
            using var client = StubWcfClient<IOrderService>.Create(WireBindings.Soap12Http, router.Address("soap12"));
            await client.Channel.SubmitOrderAsync(new Order { CustomerId = 1, OrderId = before });

            tap.Cut();
            await Assert.ThrowsAsync<ServerTooBusyException>(() => client.Channel.SubmitOrderAsync(new Order { CustomerId = 2, OrderId = during }));
            using var http = new HttpClient();
            var health = await http.GetFromJsonAsync<JsonElement>(new Uri(router.Host.AdminAddress!, "/health"));
            Assert.Equal("degraded", health.GetProperty("status").GetString());
            Assert.Contains(health.GetProperty("reasons").EnumerateArray(), reason => reason.GetString()!.Contains("RabbitMQ cannot be reached", StringComparison.Ordinal));

            tap.Restore();
            await Eventually.TrueUnlessThrowsAsync<ServerTooBusyException>(
                async () =>
                {
                    await client.Channel.SubmitOrderAsync(new Order { CustomerId = 3, OrderId = after });
                    return true;
                },
                "the router did not use the broker again once it was back");
            await Eventually.TrueAsync(
                () => Task.FromResult(stub.Statistics.Snapshot().OneWayReceived >= 2), "the orders kept before and after the outage were not delivered", TimeSpan.FromSeconds(30));
            Assert.True(router.Statistics.Snapshot().Faults.RouterBusy >= 1, "the refused order was not counted as routerBusy");
        }
        finally
        {
            await stub.DisposeAsync();
        }

        // What the stub recorded (written out as it stops): the orders acknowledged, never the one refused.
        Assert.Equal(new[] { after, before }.Order(StringComparer.Ordinal), (await File.ReadAllLinesAsync(received)).Distinct().Order(StringComparer.Ordinal));
    }

    [RabbitMqFact]
    public async Task ServiceFaultsEveryTime_DeadLetteredWithTheReason_ListedReplayedAndPurgedOnTheAdminAddress()
    {
        await using var backend = await RecordingBackend.StartAsync(
            RecordingBackend.Replies(500, SoapMessages.Soap12ContentType, SoapRouter.Tests.Pipeline.PipelineEnvelopes.Fault("Order rejected.")));
        await using var router = await ListeningRouter.StartAsync(Config(backend.Address("/soap12"), RabbitMqBroker.Uri, maxAttempts: 3));
        using var client = StubWcfClient<IOrderService>.Create(WireBindings.Soap12Http, router.Address("soap12"));

        await client.Channel.SubmitOrderAsync(new Order { CustomerId = 1, OrderId = Guid.NewGuid().ToString("D") });

        using var http = new HttpClient();
        await Eventually.TrueAsync(
            async () => (await DurableDeliveryTests.QueuesAsync(router)).GetProperty("queues").GetProperty("orders").GetProperty("deadLetters").GetInt64() == 1,
            "the message the service faults every time was not dead-lettered", TimeSpan.FromSeconds(20));
        var letters = await http.GetFromJsonAsync<JsonElement>(new Uri(router.Host.AdminAddress!, "/queues/orders/dead-letters"));
        var letter = Assert.Single(letters.GetProperty("deadLetters").EnumerateArray());
        Assert.Equal(3, letter.GetProperty("attempts").GetInt32());
        Assert.Contains("3 attempts", letter.GetProperty("reason").GetString(), StringComparison.Ordinal);
        Assert.Equal("rabbitmq", (await DurableDeliveryTests.QueuesAsync(router)).GetProperty("store").GetString());
        Assert.Equal(3, backend.Requests.Count(request => request.Method == "POST"));

        var replay = await http.PostAsync(new Uri(router.Host.AdminAddress!, "/queues/orders/dead-letters/replay"), content: null);
        Assert.Equal(1, (await replay.Content.ReadFromJsonAsync<JsonElement>()).GetProperty("count").GetInt32());
        await Eventually.TrueAsync(() => Task.FromResult(backend.Requests.Count(request => request.Method == "POST") == 6), "the replayed message was not tried again", TimeSpan.FromSeconds(20));
        // The listing reads the broker's dead-letter queue itself: the 6th attempt's answer may still be on its way.
        await Eventually.TrueAsync(
            async () => (await http.GetFromJsonAsync<JsonElement>(new Uri(router.Host.AdminAddress!, "/queues/orders/dead-letters"))).GetProperty("deadLetters").GetArrayLength() == 1,
            "the replayed message did not come back to the dead letters", TimeSpan.FromSeconds(20));
        await Eventually.TrueAsync(
            async () => (await DurableDeliveryTests.QueuesAsync(router)).GetProperty("queues").GetProperty("orders").GetProperty("deadLetters").GetInt64() == 1,
            "the dead letters' count did not follow", TimeSpan.FromSeconds(20));
        var purge = await http.DeleteAsync(new Uri(router.Host.AdminAddress!, "/queues/orders/dead-letters"));
        Assert.Equal(1, (await purge.Content.ReadFromJsonAsync<JsonElement>()).GetProperty("count").GetInt32());
    }

    private RouterConfig Config(string address, string brokerUri, int maxAttempts = 1000) =>
        DurableDeliveryTests.Config(address, _directory.File("unused"), maxAttempts: maxAttempts) with
        {
            Queues = new QueuesConfig { Store = QueueStores.RabbitMq, RabbitMq = new RabbitMqConfig { Uri = brokerUri, QueuePrefix = _prefix } },
        };
}
