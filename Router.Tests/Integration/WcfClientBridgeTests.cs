using System.Security.Cryptography;
using System.ServiceModel;
using Samples.Contracts;
using Samples.Payloads;
using SoapRouter.Telemetry;
using SoapRouter.Tests.BackendStub.Wcf;
using SoapRouter.Tests.Support;
using SoapRouter.Tests.Samples.Contracts;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.Integration;

/// <summary>
/// Stock System.ServiceModel clients through the router to the real BackendStub, every pair of the four bindings
/// (net.tcp on either side included): what a WCF application gets through the router is what it would get from a WCF
/// service, and each message is counted on the path it took (verbatim when both hops speak the same HTTP binding, or a
/// net.tcp backend takes a net.tcp or msbin1 client's message as its session-free bytes; re-encoded otherwise). The stub keeps WCF's default
/// address filter, so every success also shows the router addressed the backend as a WCF service expects.
/// </summary>
public sealed class WcfClientBridgeTests(RouterBridgeFixture fixture) : IClassFixture<RouterBridgeFixture>
{
    public static TheoryData<string, string> Pairs
    {
        get
        {
            var pairs = new TheoryData<string, string>();
            foreach (var client in WireBindings.All)
            {
                foreach (var backend in WireBindings.All)
                {
                    pairs.Add(client.Name, backend.Name);
                }
            }

            return pairs;
        }
    }

    [Theory]
    [MemberData(nameof(Pairs))]
    public async Task Echo150KB_ComesBackEqual_OnTheExpectedPath(string clientBinding, string backendBinding)
    {
        var (client, backend) = (WireBindings.Get(clientBinding), WireBindings.Get(backendBinding));
        using var wcf = StubWcfClient<IEchoService>.Create(client, fixture.Address(client, backend));
        var text = string.Concat(Enumerable.Range(0, 3500).Select(i => $"line {i}: héllo <&> wörld ✓\n"));
        var payload = new EchoPayload { Text = text, Blob = RandomNumberGenerator.GetBytes(60_000) };
        var before = Paths();

        var echoed = await wcf.Channel.EchoAsync(payload);

        Assert.True(text.Length + payload.Blob.Length > 150_000);
        Assert.Equal(text, echoed.Text);
        Assert.Equal(payload.Blob, echoed.Blob);
        var after = Paths();
        AssertCountedOn(client, backend, before, after);

        // A text client and an msbin1 backend of its SOAP version: both ways transcoded by the router, WCF not asked.
        var transcodes = client.Name == WireBindingNames.Soap12Http && backend.Name is WireBindingNames.BinaryHttp or WireBindingNames.NetTcp;
        Assert.Equal(before.Transcoding with { Requests = before.Transcoding.Requests + (transcodes ? 1 : 0), Replies = before.Transcoding.Replies + (transcodes ? 1 : 0) }, after.Transcoding);
    }

    [Theory]
    [MemberData(nameof(Pairs))]
    public async Task GetOrders100_ReturnsTheBackendsOrders(string clientBinding, string backendBinding)
    {
        var (client, backend) = (WireBindings.Get(clientBinding), WireBindings.Get(backendBinding));
        using var wcf = StubWcfClient<IOrderService>.Create(client, fixture.Address(client, backend));
        var before = Paths();

        var orders = await wcf.Channel.GetOrdersAsync(100);

        OrderAssert.Equal(new PayloadGenerator(RouterBridgeFixture.Profile, RouterBridgeFixture.Seed).GetOrders(100), orders);
        AssertCountedOn(client, backend, before, Paths());
    }

    [Theory]
    [MemberData(nameof(Pairs))]
    public async Task SubmitOrder_OneWay_ArrivesAndStaysOneWay(string clientBinding, string backendBinding)
    {
        var (client, backend) = (WireBindings.Get(clientBinding), WireBindings.Get(backendBinding));
        using var wcf = StubWcfClient<IOrderService>.Create(client, fixture.Address(client, backend));
        var order = new PayloadGenerator(PayloadProfile.Compressible, 9).GetOrders(1)[0];
        var received = (await fixture.Stub.StatsAsync()).OneWayReceived;
        var oneWay = fixture.Router.Statistics.Snapshot().OneWay;

        await wcf.Channel.SubmitOrderAsync(order);

        // Over HTTP the call returns on the 202; over net.tcp as soon as it is sent, so the backend may not have it yet.
        await Eventually.TrueAsync(async () => (await fixture.Stub.StatsAsync()).OneWayReceived == received + 1, "the order did not arrive");
        await Eventually.TrueAsync(() => Task.FromResult(fixture.Router.Statistics.Snapshot().OneWay == oneWay + 1), "the router did not count it one-way");
    }

    [Theory]
    [MemberData(nameof(Pairs))]
    public async Task BackendFault_ReachesTheClientAsFaultException_WithItsCodeAndReason(string clientBinding, string backendBinding)
    {
        var (client, backend) = (WireBindings.Get(clientBinding), WireBindings.Get(backendBinding));
        using var wcf = StubWcfClient<IEchoService>.Create(client, fixture.Address(client, backend, faulty: true));
        var faults = fixture.Router.Statistics.Snapshot().Faults.BackendFault;

        var fault = await Assert.ThrowsAsync<FaultException>(() => wcf.Channel.EchoAsync(new EchoPayload { Text = "x" }));

        Assert.StartsWith("Injected fault (request ", fault.Reason.ToString(), StringComparison.Ordinal);
        Assert.True(fault.Code.IsReceiverFault, $"code {fault.Code.Name} ({fault.Code.Namespace})");
        Assert.Equal(faults + 1, fixture.Router.Statistics.Snapshot().Faults.BackendFault);
    }

    [Theory]
    [MemberData(nameof(Pairs))]
    public async Task DefaultAddressFilter_AcceptsWhatTheRouterSends(string clientBinding, string backendBinding)
    {
        // The client addresses the router; a stock WCF service refuses a To that is not its own address (a
        // DestinationUnreachable fault), so a reply here means the router addressed the backend itself.
        var (client, backend) = (WireBindings.Get(clientBinding), WireBindings.Get(backendBinding));
        using var wcf = StubWcfClient<IEchoService>.Create(client, fixture.Address(client, backend));
        var refused = (await fixture.Stub.StatsAsync()).FaultsReturned;

        var echoed = await wcf.Channel.EchoAsync(new EchoPayload { Text = "addressed" });

        Assert.Equal("addressed", echoed.Text);
        Assert.Equal(refused, (await fixture.Stub.StatsAsync()).FaultsReturned);
    }

    [Theory]
    [InlineData(WireBindingNames.NetTcp, WireBindingNames.NetTcp)]
    [InlineData(WireBindingNames.NetTcp, WireBindingNames.Soap12Http)]
    [InlineData(WireBindingNames.Soap12Http, WireBindingNames.NetTcp)]
    public async Task SixtyFourConcurrentCalls_OnOneClientChannel_AreEachAnsweredWithTheirOwnReply(string clientBinding, string backendBinding)
    {
        // Replies come back in any order on a session; each must reach the call that asked for it.
        var (client, backend) = (WireBindings.Get(clientBinding), WireBindings.Get(backendBinding));
        using var wcf = StubWcfClient<IEchoService>.Create(client, fixture.Address(client, backend));

        var calls = Enumerable.Range(0, 64).Select(async i =>
        {
            var text = $"call {i}: " + new string((char)('a' + (i % 26)), 100 + (i * 37));
            var echoed = await wcf.Channel.EchoAsync(new EchoPayload { Text = text, Blob = [(byte)i] });
            return (Sent: text, Echoed: echoed);
        }).ToList();
        var results = await Task.WhenAll(calls);

        Assert.All(results, result => Assert.Equal(result.Sent, result.Echoed.Text));
        Assert.Equal(Enumerable.Range(0, 64).Select(i => (byte)i), results.Select(result => result.Echoed.Blob![0]));
    }

    private TrafficSnapshotPair Paths()
    {
        var paths = fixture.Router.Statistics.Snapshot().Paths;
        return new TrafficSnapshotPair(paths.Verbatim.Messages, paths.Reencoded.Messages, paths.Transcoding);
    }

    private static void AssertCountedOn(WireBinding client, WireBinding backend, TrafficSnapshotPair before, TrafficSnapshotPair after)
    {
        // Same HTTP binding: the received bytes. A net.tcp backend from a net.tcp or msbin1 client: the received message's
        // session-free msbin1 bytes on the router's own framing session (the session dictionaries translated, no WCF writer).
        var verbatim = (ReferenceEquals(client, backend) && !client.IsSession)
            || (backend.IsSession && ReferenceEquals(client.Sessionless, backend.Sessionless));
        Assert.Equal(before.Verbatim + (verbatim ? 1 : 0), after.Verbatim);
        Assert.Equal(before.Reencoded + (verbatim ? 0 : 1), after.Reencoded);
    }

    private readonly record struct TrafficSnapshotPair(long Verbatim, long Reencoded, TranscodingSnapshot Transcoding);
}
