using System.ServiceModel;
using System.Text.Json;
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
/// Stock WCF net.tcp clients through a netTcp listener to netTcp destinations: each client session gets a backend
/// session of its own (affinity, the default), so a PerSession service keeps one instance per client; the pooled form
/// is the multiplex opt-in; the backend session dying faults the client's session; and the session limit refuses.
/// </summary>
public sealed class SessionAffinityTests
{
    [Fact]
    public async Task TwentyClients_ThreeCallsEach_EachSessionCountsOneTwoThree()
    {
        await using var stub = await RunningStub.StartWithNetTcpAsync();
        await using var router = await StartRouterAsync([stub.Address(WireBindings.NetTcp).ToString()]);

        var counts = await Task.WhenAll(Enumerable.Range(0, 20).Select(async _ =>
        {
            using var client = StubWcfClient<ISessionCounter>.Create(WireBindings.NetTcp, router.Address("tcp"));
            var seen = new List<int>();
            for (var call = 0; call < 3; call++)
            {
                seen.Add(await client.Channel.NextAsync());
            }

            return seen;
        }));

        Assert.All(counts, seen => Assert.Equal([1, 2, 3], seen));
        Assert.True((await stub.StatsAsync()).NetTcpSessionsOpened >= 20, "fewer backend sessions than client sessions");
    }

    [Fact]
    public async Task MultiplexRoute_SharesThePooledSessions()
    {
        await using var stub = await RunningStub.StartWithNetTcpAsync();
        await using var router = await StartRouterAsync([stub.Address(WireBindings.NetTcp).ToString()], sessions: SessionModes.Multiplex);

        for (var i = 0; i < 4; i++)
        {
            using var client = StubWcfClient<ISessionCounter>.Create(WireBindings.NetTcp, router.Address("tcp"));
            await client.Channel.NextAsync();
        }

        // Two pooled sessions (limits.netTcp.sessionsPerDestination) carried four client sessions.
        Assert.InRange((await stub.StatsAsync()).NetTcpSessionsOpened, 1, 2);
    }

    [Fact]
    public async Task OpenSessions_AreShownPerDestinationOnStats()
    {
        await using var stub = await RunningStub.StartWithNetTcpAsync();
        await using var router = await StartRouterAsync([stub.Address(WireBindings.NetTcp).ToString()]);
        using var first = StubWcfClient<ISessionCounter>.Create(WireBindings.NetTcp, router.Address("tcp"));
        using var second = StubWcfClient<ISessionCounter>.Create(WireBindings.NetTcp, router.Address("tcp"));
        await first.Channel.NextAsync();
        await second.Channel.NextAsync();

        using var http = new HttpClient();
        using var stats = JsonDocument.Parse(await http.GetStringAsync(new Uri(router.Host.AdminAddress!, "/stats")));

        Assert.Equal(2, stats.RootElement.GetProperty("netTcpSessions").GetProperty("d1").GetProperty("affinity").GetInt32());
    }

    [Fact]
    public async Task FirstMessage_FailsOverPastADeadDestination_AndTheSessionStaysThere()
    {
        await using var stub = await RunningStub.StartWithNetTcpAsync();
        var dead = $"net.tcp://127.0.0.1:{FreePort.Unused()}/tcp";
        await using var router = await StartRouterAsync([dead, stub.Address(WireBindings.NetTcp).ToString()]);
        using var client = StubWcfClient<ISessionCounter>.Create(WireBindings.NetTcp, router.Address("tcp"));

        Assert.Equal(1, await client.Channel.NextAsync());
        Assert.Equal(2, await client.Channel.NextAsync());
        Assert.Equal(3, await client.Channel.NextAsync());
    }

    [Fact]
    public async Task BackendSessionDying_FaultsTheClientsSession_NeverMovesIt()
    {
        await using var first = await RunningStub.StartWithNetTcpAsync();
        await using var second = await RunningStub.StartWithNetTcpAsync();
        await using var router = await StartRouterAsync([first.Address(WireBindings.NetTcp).ToString(), second.Address(WireBindings.NetTcp).ToString()]);
        using var client = StubWcfClient<ISessionCounter>.Create(WireBindings.NetTcp, router.Address("tcp"));
        Assert.Equal(1, await client.Channel.NextAsync());
        var (bound, other) = (await first.StatsAsync()).NetTcpSessionsActive == 1 ? (first, second) : (second, first);

        await bound.DisposeAsync();

        await Assert.ThrowsAnyAsync<CommunicationException>(() => client.Channel.NextAsync());
        Assert.Equal(0, (await other.StatsAsync()).NetTcpSessionsOpened);
    }

    [Fact]
    public async Task SessionsPastTheLimit_AreRefused_AndAFreedSlotServesTheNext()
    {
        await using var stub = await RunningStub.StartWithNetTcpAsync();
        await using var router = await StartRouterAsync(
            [stub.Address(WireBindings.NetTcp).ToString()], limits: new NetTcpLimitsConfig { MaxSessionsPerDestination = 1 });
        var holder = StubWcfClient<ISessionCounter>.Create(WireBindings.NetTcp, router.Address("tcp"));
        Assert.Equal(1, await holder.Channel.NextAsync());

        using (var refused = StubWcfClient<ISessionCounter>.Create(WireBindings.NetTcp, router.Address("tcp")))
        {
            await Assert.ThrowsAnyAsync<CommunicationException>(() => refused.Channel.NextAsync());
        }

        holder.Dispose();
        await Eventually.TrueUnlessThrowsAsync<CommunicationException>(
            async () =>
            {
                using var next = StubWcfClient<ISessionCounter>.Create(WireBindings.NetTcp, router.Address("tcp"));
                return await next.Channel.NextAsync() == 1;
            },
            "the freed session slot was not reused");
    }

    [Fact]
    public async Task DuplexClient_GetsEveryCallback_AnswersTheRequestReplyOne_AndClosesWhileCallbacksAreInFlight()
    {
        await using var stub = await RunningStub.StartWithNetTcpAsync();
        await using var router = await StartRouterAsync([stub.Address(WireBindings.NetTcp).ToString()]);
        using var client = DuplexWcfClient.Create(router.Address("tcp"));

        Assert.Equal(5, await client.Channel.SubscribeAsync(5));
        Assert.Equal([1, 2, 3, 4, 5], client.Callback.Events);
        Assert.Equal(1, client.Callback.Confirms);

        // The feed's callbacks are still to come when the client closes. A stock WCF client faults its close on any
        // message that comes after its End (directly to a service too); the router lets the service finish (End after
        // its operation), relays nothing after the client's End, and the client's close is clean, End both ways.
        await client.Channel.StartFeedAsync(300);
        await client.CloseAsync();

        Assert.Equal(5, client.Callback.Events.Count);
        await Eventually.TrueAsync(async () => (await stub.StatsAsync()).NetTcpSessionsActive == 0, "the backend session outlived its client's");
    }

    [Fact]
    public async Task SessionfulOneWay_StartFeed_ArrivesOnTheSession_AndItsCallbacksComeBack()
    {
        await using var stub = await RunningStub.StartWithNetTcpAsync();
        await using var router = await StartRouterAsync([stub.Address(WireBindings.NetTcp).ToString()]);
        using var client = DuplexWcfClient.Create(router.Address("tcp"));

        // A datagram on a session: the one-way StartFeed has no reply; the service's callbacks on the same session prove it arrived there.
        await client.Channel.StartFeedAsync(4);

        await Eventually.TrueAsync(() => Task.FromResult(client.Callback.Events.Count == 4), "the one-way message's callbacks did not come back on the session");
        Assert.Equal([1, 2, 3, 4], client.Callback.Events);
        await client.CloseAsync();
    }

    private static Task<ListeningRouter> StartRouterAsync(string[] destinations, string? sessions = null, NetTcpLimitsConfig? limits = null) =>
        ListeningRouter.StartAsync(new RouterConfig
        {
            Listeners = [TestConfigs.Listener("tcp", WireBindingNames.NetTcp, "net.tcp://127.0.0.1:0/router/tcp")],
            Routes = [TestConfigs.Route("all", "c", TestConfigs.MatchAll()) with { Sessions = sessions }],
            Clusters = new Dictionary<string, ClusterConfig> { ["c"] = ListeningRouter.Cluster(WireBindingNames.NetTcp, destinations) },
            Limits = new LimitsConfig { NetTcp = limits ?? new NetTcpLimitsConfig() },
            Admin = new AdminConfig { Address = "http://127.0.0.1:0" },
        });
}
