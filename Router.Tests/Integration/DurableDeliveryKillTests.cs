using BackendStub.Hosting;
using SoapRouter.Configuration;
using SoapRouter.Tests.Configuration;
using SoapRouter.Tests.Hosting;
using SoapRouter.Tests.LoadClient;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.Integration;

/// <summary>
/// At least once, with real processes: LoadClient sends one-way SubmitOrder (--record-acks) through the router process to
/// a durable route whose backend is down; the router is killed with SIGKILL and started again; the backend comes up
/// (BackendStub with --record-oneway's record): every acknowledged order arrives, and duplicates are only counted.
/// With the RabbitMQ store, two routers share the broker and the acknowledging one is killed for good: the other delivers
/// every order. scripts/durable-smoke.sh does the same with 2,000 orders (either store).
/// </summary>
public sealed class DurableDeliveryKillTests : IDisposable
{
    private static readonly TimeSpan ProcessTimeout = TimeSpan.FromSeconds(60);
    private readonly TempDirectory _directory = new();

    public void Dispose() => _directory.Dispose();

    [LinuxFact]
    public async Task Sigkill_WithAcknowledgedOrdersWaiting_LosesNone()
    {
        var stubPort = FreePort.Unused();
        var listenerPort = FreePort.Unused();
        var adminPort = FreePort.Unused();
        var path = _directory.File("router.json");
        var acks = _directory.File("acks.txt");
        var received = _directory.File("received.txt");
        var config = Config(stubPort, listenerPort, adminPort, new QueuesConfig { Path = _directory.File("queues") });
        await File.WriteAllTextAsync(path, TestConfigs.ToJson(config));
        var health = new Uri($"http://127.0.0.1:{adminPort}/health");

        var acknowledged = await AcknowledgeThenKillAsync(path, listenerPort, adminPort, acks);
        var stub = new StubHost(new StubOptions { HttpPort = stubPort, RecordOneWayPath = received });
        await stub.StartAsync();
        try
        {
            using var restarted = RouterProcess.Start("--config", path);
            await RouterProcess.PollHealthAsync(health, restarted, ProcessTimeout);
            await AllArrivedAsync(received, acknowledged, "not every acknowledged order arrived after the kill");
            restarted.Terminate();
            await restarted.WaitForExitAsync(ProcessTimeout);
        }
        finally
        {
            await stub.DisposeAsync();
        }

        var arrived = await File.ReadAllLinesAsync(received);
        Assert.Empty(acknowledged.Except(arrived, StringComparer.Ordinal));

        // At least once: a delivery the kill cut short may arrive twice; nothing arrives that was never sent.
        Assert.All(arrived, id => Assert.Contains(id, acknowledged));
    }

    [RabbitMqFact]
    public async Task Sigkill_RabbitMqStore_TheAcknowledgingRouterDiesForGood_TheOtherDeliversEveryOrder()
    {
        var prefix = RabbitMqBroker.UniquePrefix();
        var stubPort = FreePort.Unused();
        var (listenerPort, adminPort, otherListenerPort, otherAdminPort) = (FreePort.Unused(), FreePort.Unused(), FreePort.Unused(), FreePort.Unused());
        var queues = new QueuesConfig { Store = QueueStores.RabbitMq, RabbitMq = new RabbitMqConfig { Uri = RabbitMqBroker.Uri, QueuePrefix = prefix } };
        var acks = _directory.File("acks.txt");
        var received = _directory.File("received.txt");
        await File.WriteAllTextAsync(_directory.File("a.json"), TestConfigs.ToJson(Config(stubPort, listenerPort, adminPort, queues)));
        await File.WriteAllTextAsync(_directory.File("b.json"), TestConfigs.ToJson(Config(stubPort, otherListenerPort, otherAdminPort, queues)));
        try
        {
            using var other = RouterProcess.Start("--config", _directory.File("b.json"));
            await RouterProcess.PollHealthAsync(new Uri($"http://127.0.0.1:{otherAdminPort}/health"), other, ProcessTimeout);
            var acknowledged = await AcknowledgeThenKillAsync(_directory.File("a.json"), listenerPort, adminPort, acks);
            var stub = new StubHost(new StubOptions { HttpPort = stubPort, RecordOneWayPath = received });
            await stub.StartAsync();
            try
            {
                await AllArrivedAsync(received, acknowledged, "the surviving router did not deliver every order the killed one acknowledged");
            }
            finally
            {
                await stub.DisposeAsync();
            }

            other.Terminate();
            await other.WaitForExitAsync(ProcessTimeout);
            Assert.All(await File.ReadAllLinesAsync(received), id => Assert.Contains(id, acknowledged));
        }
        finally
        {
            await RabbitMqBroker.DeleteAsync(prefix, "orders");
        }
    }

    /// <summary>
    /// Starts a router process on <paramref name="config"/>, has LoadClient send it 400 one-way orders (--record-acks into
    /// <paramref name="acks"/>), kills it with SIGKILL, and returns the ids of the 400 it acknowledged.
    /// </summary>
    private static async Task<HashSet<string>> AcknowledgeThenKillAsync(string config, int listenerPort, int adminPort, string acks)
    {
        using (var router = RouterProcess.Start("--config", config))
        {
            await RouterProcess.PollHealthAsync(new Uri($"http://127.0.0.1:{adminPort}/health"), router, ProcessTimeout);
            var (exitCode, output, error) = await LoadAppRun.RunAsync(
                "--url", $"http://127.0.0.1:{listenerPort}/router/soap12", "--client", "raw", "--binding", "soap12Http", "--operation", "submitOrder",
                "--requests", "400", "--warmup", "0", "--concurrency", "8", "--quiet", "--record-acks", acks);
            ExitCodeAssert.Equal(0, exitCode, output + error);
            router.Kill();
            await router.WaitForExitAsync(ProcessTimeout);
        }

        var acknowledged = (await File.ReadAllLinesAsync(acks)).ToHashSet(StringComparer.Ordinal);
        Assert.Equal(400, acknowledged.Count);
        return acknowledged;
    }

    /// <summary>Waits until the stub's record <paramref name="received"/> holds every id of <paramref name="acknowledged"/>.</summary>
    private static Task AllArrivedAsync(string received, HashSet<string> acknowledged, string because) =>
        Eventually.TrueAsync(
            () => Task.FromResult(File.Exists(received) && File.ReadAllLines(received).ToHashSet(StringComparer.Ordinal).IsSupersetOf(acknowledged)),
            because,
            ProcessTimeout);

    private static RouterConfig Config(int stubPort, int listenerPort, int adminPort, QueuesConfig queues) => new()
    {
        Listeners = [TestConfigs.Listener("soap12", WireBindingNames.Soap12Http, $"http://127.0.0.1:{listenerPort}/router/soap12")],
        Routes =
        [
            TestConfigs.Route("orders", "c", TestConfigs.MatchAll()) with
            {
                Delivery = new DeliveryConfig { Mode = DeliveryModes.Durable, InitialBackoff = TimeSpan.FromMilliseconds(200), MaxBackoff = TimeSpan.FromSeconds(1), MaxAttempts = 1000 },
            },
        ],
        Clusters = new Dictionary<string, ClusterConfig>
        {
            ["c"] = TestConfigs.Cluster(TestConfigs.Destination("stub", WireBindingNames.Soap12Http, $"http://127.0.0.1:{stubPort}/soap12")),
        },
        Admin = new AdminConfig { Address = $"http://127.0.0.1:{adminPort}" },
        Queues = queues,
    };
}
