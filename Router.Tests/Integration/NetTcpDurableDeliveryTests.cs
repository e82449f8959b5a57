using System.ServiceModel;
using System.ServiceModel.Channels;
using BackendStub.Hosting;
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
/// Durable delivery and copies of a netTcp listener's messages, with stock WCF net.tcp clients: a session's one-way
/// SubmitOrder messages on a durable route are kept (written on their own in msbin1) before the session's End is answered,
/// so a client whose close returns knows every order was kept; they reach the netTcp backend once it is up; a store that
/// cannot keep one ends the session with the ServerTooBusy framing fault; and a copy of each goes to the copy cluster.
/// </summary>
public sealed class NetTcpDurableDeliveryTests : IDisposable
{
    private readonly TempDirectory _directory = new();

    public void Dispose() => _directory.Dispose();

    [Theory]
    [InlineData(null)]
    [InlineData(SessionModes.Multiplex)]
    public async Task BackendDown_EveryOrderKeptBeforeTheSessionCloses_ThenDeliveredOnceTheBackendIsUp(string? sessions)
    {
        const int sessionsCount = 3;
        const int ordersPerSession = 20;
        var port = FreePort.Unused();
        var config = Config($"net.tcp://127.0.0.1:{port}/tcp", _directory.File("queues"), sessions: sessions);
        var ids = new List<string>();

        await using var router = await ListeningRouter.StartAsync(config);
        for (var session = 0; session < sessionsCount; session++)
        {
            using var client = StubWcfClient<IOrderService>.Create(WireBindings.NetTcp, router.Address("tcp"));
            for (var i = 0; i < ordersPerSession; i++)
            {
                var id = Guid.NewGuid().ToString("D");
                ids.Add(id);
                await client.Channel.SubmitOrderAsync(new Order { CustomerId = i, OrderId = id });
            }

            // The session's End is answered once every message it sent is kept: a clean close is the acknowledgement.
            await CloseAsync(client.Channel);
        }

        var queue = (await DurableDeliveryTests.QueuesAsync(router)).GetProperty("queues").GetProperty("orders");
        Assert.Equal(ids.Count, queue.GetProperty("accepted").GetInt64());
        Assert.Equal(ids.Count, queue.GetProperty("depth").GetInt64());
        Assert.Equal(0, router.Statistics.Snapshot().Faults.BackendUnavailable);

        var received = _directory.File("received.txt");
        await using var stub = new StubHost(new StubOptions { HttpPort = 0, TcpPort = port, RecordOneWayPath = received });
        await stub.StartAsync();
        await Eventually.TrueAsync(
            () => Task.FromResult(stub.Statistics.Snapshot().OneWayReceived >= ids.Count), "the kept orders were not delivered", TimeSpan.FromSeconds(30));
        await Eventually.TrueAsync(
            async () => (await DurableDeliveryTests.QueuesAsync(router)).GetProperty("queues").GetProperty("orders").GetProperty("depth").GetInt64() == 0,
            "the delivered orders stayed in the queue");
        var delivered = (await DurableDeliveryTests.QueuesAsync(router)).GetProperty("queues").GetProperty("orders");
        Assert.Equal(ids.Count, delivered.GetProperty("delivered").GetInt64());
        Assert.Equal(0, delivered.GetProperty("deadLetters").GetInt64());
        var arrived = await File.ReadAllLinesAsync(received);
        Assert.Equal(ids.Order(StringComparer.Ordinal), arrived.Distinct(StringComparer.Ordinal).Order(StringComparer.Ordinal));
    }

    [Fact]
    public async Task StoreFull_EndsTheSessionWithServerTooBusy_AndKeepsOnlyWhatCameBeforeIt()
    {
        var config = Config($"net.tcp://127.0.0.1:{FreePort.Unused()}/tcp", _directory.File("full"), maxBytes: QueuesRules.MinMaxBytes);
        await using var router = await ListeningRouter.StartAsync(config);
        using var client = StubWcfClient<IOrderService>.Create(WireBindings.NetTcp, router.Address("tcp"));
        var notes = new string('n', 200_000);

        // A one-way send completes once its bytes are written: the refusal reaches the client on a later send or its close.
        var sent = 0;
        CommunicationException? refused = null;
        try
        {
            for (; sent < 40; sent++)
            {
                await client.Channel.SubmitOrderAsync(new Order { CustomerId = sent, Notes = notes, OrderId = Guid.NewGuid().ToString("D") });
            }

            await CloseAsync(client.Channel);
        }
        catch (CommunicationException exception)
        {
            refused = exception;
        }

        Assert.IsType<ServerTooBusyException>(refused);
        var queue = (await DurableDeliveryTests.QueuesAsync(router)).GetProperty("queues").GetProperty("orders");
        Assert.InRange(queue.GetProperty("depth").GetInt64(), 1, 5);
        Assert.Equal(queue.GetProperty("accepted").GetInt64(), queue.GetProperty("depth").GetInt64());

        // The session's messages already read when it ended were refused too (each counted), none kept past the limit.
        Assert.InRange(router.Statistics.Snapshot().Faults.RouterBusy, 1, sent + 1);
    }

    [Fact]
    public async Task August2004Listener_KeptInItsVersionOfMsbin1_IsDeliveredReencodedToASoap12Destination()
    {
        const int orders = 10;
        await using var stub = await RunningStub.StartAsync();
        var config = Config(stub.Address(WireBindings.Soap12Http).AbsoluteUri, _directory.File("a2004"));
        config = config with
        {
            Listeners = [config.Listeners[0] with { Addressing = WireAddressingNames.August2004 }],
            Clusters = new Dictionary<string, ClusterConfig> { ["c"] = ListeningRouter.Cluster(WireBindingNames.Soap12Http, [stub.Address(WireBindings.Soap12Http).AbsoluteUri]) },
        };
        await using var router = await ListeningRouter.StartAsync(config);

        // A stock WCF net.tcp client on WS-Addressing August 2004 (a CustomBinding; NetTcpBinding is fixed to 1.0).
        var binding = new CustomBinding(
            new BinaryMessageEncodingBindingElement { MessageVersion = MessageVersion.Soap12WSAddressingAugust2004 },
            new TcpTransportBindingElement());
        using var client = StubWcfClient<IOrderService>.Create(binding, router.Address("tcp"));
        for (var i = 0; i < orders; i++)
        {
            await client.Channel.SubmitOrderAsync(new Order { CustomerId = i, OrderId = Guid.NewGuid().ToString("D") });
        }

        await CloseAsync(client.Channel);

        await Eventually.TrueAsync(
            () => Task.FromResult(stub.Host.Statistics.Snapshot().OneWayReceived == orders), "the kept orders were not delivered", TimeSpan.FromSeconds(20));
        var queue = (await DurableDeliveryTests.QueuesAsync(router)).GetProperty("queues").GetProperty("orders");
        Assert.Equal(orders, queue.GetProperty("accepted").GetInt64());
        Assert.Equal(0, queue.GetProperty("deadLetters").GetInt64());
    }

    [Theory]
    [InlineData(DeliveryModes.Direct)]
    [InlineData(DeliveryModes.Durable)]
    public async Task CopyTo_EveryNetTcpMessageReachesBothClusters(string mode)
    {
        const int orders = 30;
        await using var main = await RunningStub.StartWithNetTcpAsync();
        await using var audit = await RunningStub.StartAsync();
        var config = Config(main.Address(WireBindings.NetTcp).AbsoluteUri, _directory.File("copies"), mode: mode) with
        {
            Clusters = new Dictionary<string, ClusterConfig>
            {
                ["c"] = ListeningRouter.Cluster(WireBindingNames.NetTcp, [main.Address(WireBindings.NetTcp).AbsoluteUri]),
                ["audit"] = ListeningRouter.Cluster(WireBindingNames.BinaryHttp, [audit.Address(WireBindings.BinaryHttp).AbsoluteUri], prefix: "audit"),
            },
        };
        config = config with { Routes = [config.Routes[0] with { CopyTo = ["audit"] }] };
        await using var router = await ListeningRouter.StartAsync(config);
        using var client = StubWcfClient<IOrderService>.Create(WireBindings.NetTcp, router.Address("tcp"));

        for (var i = 0; i < orders; i++)
        {
            await client.Channel.SubmitOrderAsync(new Order { CustomerId = i, OrderId = Guid.NewGuid().ToString("D") });
        }

        var got = await client.Channel.GetOrdersAsync(3);
        await CloseAsync(client.Channel);

        // The route's own cluster answers the client; the copy cluster gets every message (its replies dropped), in msbin1 as kept.
        Assert.Equal(3, got.Length);
        await Eventually.TrueAsync(
            () => Task.FromResult(main.Host.Statistics.Snapshot().OneWayReceived == orders), "the route's own cluster did not get every order", TimeSpan.FromSeconds(20));
        await Eventually.TrueAsync(
            () => Task.FromResult(audit.Host.Statistics.Snapshot().OneWayReceived == orders && audit.Host.Statistics.Snapshot().Requests == orders + 1),
            "the copy cluster did not get every message", TimeSpan.FromSeconds(20));
    }

    /// <summary>A netTcp listener "tcp", one durable route "orders" (matchAll) to the netTcp destination at <paramref name="address"/>, the store in <paramref name="path"/>.</summary>
    private static RouterConfig Config(string address, string path, long maxBytes = 1L << 30, string? sessions = null, string mode = DeliveryModes.Durable) => new()
    {
        Listeners = [TestConfigs.Listener("tcp", WireBindingNames.NetTcp, "net.tcp://127.0.0.1:0/router/tcp")],
        Routes =
        [
            TestConfigs.Route("orders", "c", TestConfigs.MatchAll()) with
            {
                Sessions = sessions,
                Delivery = new DeliveryConfig
                {
                    Mode = mode,
                    InitialBackoff = TimeSpan.FromMilliseconds(100),
                    MaxBackoff = TimeSpan.FromMilliseconds(400),
                },
            },
        ],
        Clusters = new Dictionary<string, ClusterConfig> { ["c"] = ListeningRouter.Cluster(WireBindingNames.NetTcp, [address], requestTimeout: TimeSpan.FromSeconds(5)) },
        Queues = new QueuesConfig { Path = path, MaxBytes = maxBytes },
        Admin = new AdminConfig { Address = "http://127.0.0.1:0" },
    };

    private static Task CloseAsync(IOrderService channel) =>
        Task.Factory.FromAsync(((ICommunicationObject)channel).BeginClose, ((ICommunicationObject)channel).EndClose, state: null);
}
