using System.ServiceModel;
using BackendStub.Hosting;
using Samples.Contracts;
using SoapRouter.Configuration;
using SoapRouter.Tests.BackendStub;
using SoapRouter.Tests.BackendStub.Wcf;
using SoapRouter.Tests.Configuration;
using SoapRouter.Tests.Wire.Framing;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.Listening.NetTcp;

/// <summary>
/// The router's netTcp listener as stock WCF clients (NetTcpBinding, SecurityMode.None) meet it: refusals they
/// understand, limits from router.json, and no connection's trouble reaching another's.
/// </summary>
public sealed class NetTcpListenerTests
{
    [Fact]
    public async Task UnknownVia_ReachesTheClientAsEndpointNotFound_AndTheListenerServesOn()
    {
        await using var stub = await RunningStub.StartAsync();
        await using var router = await StartRouterAsync(stub);
        var unknown = new UriBuilder(router.Address("tcp")) { Path = "/router/nowhere" }.Uri;
        using var lost = StubWcfClient<IEchoService>.Create(WireBindings.NetTcp, unknown);

        await Assert.ThrowsAsync<EndpointNotFoundException>(() => lost.Channel.EchoAsync(new EchoPayload { Text = "x" }));

        await AssertServesAsync(router);
    }

    [Fact]
    public async Task ConnectionLimit_ReachesTheClientAsServerTooBusy_AndASlotFreesUp()
    {
        await using var stub = await RunningStub.StartAsync();
        await using var router = await StartRouterAsync(stub, new NetTcpLimitsConfig { MaxConnections = 1 });
        var first = StubWcfClient<IEchoService>.Create(WireBindings.NetTcp, router.Address("tcp"));
        Assert.Equal("one", (await first.Channel.EchoAsync(new EchoPayload { Text = "one" })).Text);

        using (var second = StubWcfClient<IEchoService>.Create(WireBindings.NetTcp, router.Address("tcp")))
        {
            await Assert.ThrowsAsync<ServerTooBusyException>(() => second.Channel.EchoAsync(new EchoPayload { Text = "two" }));
        }

        first.Dispose();
        await Support.Eventually.TrueUnlessThrowsAsync<ServerTooBusyException>(
            async () =>
            {
                using var third = StubWcfClient<IEchoService>.Create(WireBindings.NetTcp, router.Address("tcp"));
                return (await third.Channel.EchoAsync(new EchoPayload { Text = "three" })).Text == "three";
            },
            "the freed connection slot was not reused");
    }

    [Fact]
    public async Task MessageOverTheRoutersLimit_IsRefused_AndOtherConnectionsAreUntouched()
    {
        await using var stub = await RunningStub.StartAsync();
        await using var router = await StartRouterAsync(stub, limits: new LimitsConfig { MaxMessageSize = 64 * 1024, MaxDecompressedSize = 64 * 1024 });
        using var healthy = StubWcfClient<IEchoService>.Create(WireBindings.NetTcp, router.Address("tcp"));
        Assert.Equal("before", (await healthy.Channel.EchoAsync(new EchoPayload { Text = "before" })).Text);
        using var big = StubWcfClient<IEchoService>.Create(WireBindings.NetTcp, router.Address("tcp"));

        await Assert.ThrowsAnyAsync<CommunicationException>(() => big.Channel.EchoAsync(new EchoPayload { Text = new string('x', 100_000) }));

        Assert.Equal("after", (await healthy.Channel.EchoAsync(new EchoPayload { Text = "after" })).Text);
    }

    [Fact]
    public async Task ClientVanishingWithCallsInFlight_LeavesTheRouterServing()
    {
        await using var stub = await RunningStub.StartAsync(new StubOptions { Latency = TimeSpan.FromMilliseconds(300) });
        await using var router = await StartRouterAsync(stub);
        var leaving = StubWcfClient<IEchoService>.Create(WireBindings.NetTcp, router.Address("tcp"));
        var inFlight = Enumerable.Range(0, 8).Select(i => leaving.Channel.EchoAsync(new EchoPayload { Text = $"call {i}" })).ToList();

        // Abort closes the socket at once, with the eight calls still waiting at the backend.
        leaving.Dispose();
        foreach (var call in inFlight)
        {
            await Assert.ThrowsAnyAsync<Exception>(() => call);
        }

        await AssertServesAsync(router);
    }

    [Fact]
    public async Task GarbageAndAStallMidRecord_EndOnlyTheirOwnConnections()
    {
        await using var stub = await RunningStub.StartAsync();
        await using var router = await StartRouterAsync(stub);
        var address = router.Address("tcp");
        using var healthy = StubWcfClient<IEchoService>.Create(WireBindings.NetTcp, address);
        Assert.Equal("first", (await healthy.Channel.EchoAsync(new EchoPayload { Text = "first" })).Text);

        // Garbage where a preamble belongs: a framing fault, then the connection closes.
        await using var garbage = await RawFramingClient.ConnectAsync(address);
        await garbage.SendAsync([0x42, 0x42, 0x42, 0xFF, 0x00, 0x13, 0x37]);
        var refusal = await garbage.ReadRecordAsync();
        Assert.StartsWith("http://schemas.microsoft.com/ws/2006/05/framing/faults/", refusal?.Fault, StringComparison.Ordinal);
        await garbage.ExpectClosedAsync(TimeSpan.FromSeconds(10));

        // A valid preamble, then a sized envelope that announces 1000 bytes and sends 3: that session waits alone.
        await using var stalled = await RawFramingClient.ConnectAsync(address);
        await stalled.SendAsync(FramingBytes.Preamble(address));
        Assert.NotNull(await stalled.ReadRecordAsync());
        await stalled.SendAsync([0x06, .. FramingBytes.Size(1000), 0x01, 0x02, 0x03]);

        Assert.Equal("second", (await healthy.Channel.EchoAsync(new EchoPayload { Text = "second" })).Text);
        await AssertServesAsync(router);
        Assert.True(await stalled.StaysOpenAsync(TimeSpan.FromMilliseconds(200)), "a stalled session was closed before its idle timeout");
    }

    [Fact]
    public async Task BadRecordMidSession_EndsThatConnectionOnly_OtherSessionsKeepWorking()
    {
        await using var stub = await RunningStub.StartAsync();
        await using var router = await StartRouterAsync(stub);
        var address = router.Address("tcp");
        using var other = StubWcfClient<IEchoService>.Create(WireBindings.NetTcp, address);
        Assert.Equal("before", (await other.Channel.EchoAsync(new EchoPayload { Text = "before" })).Text);

        // A session that has exchanged a good message, then sends a record type [MC-NMF] does not define.
        await using var corrupted = await RawFramingClient.OpenSessionAsync(address);
        var codecs = new ClientSessionCodecs();
        await corrupted.SendAsync(FramingBytes.SizedEnvelope(codecs.Echo(address, "good", out _)));
        var reply = await corrupted.ReadRecordAsync(TimeSpan.FromSeconds(10));
        Assert.Equal(ServerRecord.SizedEnvelope, reply?.Type);
        using (var message = codecs.Read(reply!.Payload))
        {
            Assert.False(message.IsFault);
        }

        await corrupted.SendAsync([0x20, 0x13, 0x37]);
        await corrupted.ExpectFaultAsync(SoapRouter.Wire.Framing.FramingFaults.InvalidRecordSequence);
        await corrupted.ExpectClosedAsync(TimeSpan.FromSeconds(10));

        // The session opened before keeps its channel, a new one opens, and the router is still up.
        Assert.Equal("after", (await other.Channel.EchoAsync(new EchoPayload { Text = "after" })).Text);
        Assert.Equal(CommunicationState.Opened, ((ICommunicationObject)other.Channel).State);
        await AssertServesAsync(router);
    }

    [Fact]
    public async Task SessionMessageWithATruncatedBody_IsNeverForwarded_AndTheListenerServesOn()
    {
        await using var stub = await RunningStub.StartAsync();
        await using var router = await StartRouterAsync(stub);
        var address = router.Address("tcp");
        await AssertServesAsync(router);
        var forwardedBefore = (await stub.StatsAsync()).Requests;

        // Valid framing and a valid header block, but the body's last records (its end elements) cut off: the router
        // reads the whole envelope before forwarding, so nothing of it may reach the backend.
        await using var raw = await RawFramingClient.OpenSessionAsync(address);
        var codecs = new ClientSessionCodecs();
        var payload = codecs.Echo(address, new string('x', 2000), out _);
        await raw.SendAsync(FramingBytes.SizedEnvelope(payload.AsSpan(0, payload.Length - 4)));

        // The client hears about it: a fault in reply, or (the session's decoder state unknown) the session ends.
        var answer = await raw.ReadRecordAsync(TimeSpan.FromSeconds(10));
        if (answer is { Type: ServerRecord.SizedEnvelope })
        {
            using var fault = codecs.Read(answer.Payload);
            Assert.True(fault.IsFault, "a truncated message was answered with something other than a fault");
        }

        await AssertServesAsync(router);
        Assert.Equal(forwardedBefore + 1, (await stub.StatsAsync()).Requests);
    }

    private static async Task AssertServesAsync(ListeningRouter router)
    {
        using var client = StubWcfClient<IEchoService>.Create(WireBindings.NetTcp, router.Address("tcp"));
        Assert.Equal("still here", (await client.Channel.EchoAsync(new EchoPayload { Text = "still here" })).Text);
    }

    private static Task<ListeningRouter> StartRouterAsync(RunningStub stub, NetTcpLimitsConfig? netTcp = null, LimitsConfig? limits = null)
    {
        var effective = (limits ?? new LimitsConfig()) with { NetTcp = netTcp ?? new NetTcpLimitsConfig() };
        return ListeningRouter.StartAsync(new RouterConfig
        {
            Listeners = [TestConfigs.Listener("tcp", WireBindingNames.NetTcp, "net.tcp://127.0.0.1:0/router/tcp")],
            Routes = [TestConfigs.Route("all", "c", TestConfigs.MatchAll())],
            Clusters = new Dictionary<string, ClusterConfig>
            {
                ["c"] = ListeningRouter.Cluster(WireBindingNames.Soap12Http, [stub.Address(WireBindings.Soap12Http).ToString()]),
            },
            Limits = effective,
            Admin = new AdminConfig { Address = "http://127.0.0.1:0" },
        });
    }
}
