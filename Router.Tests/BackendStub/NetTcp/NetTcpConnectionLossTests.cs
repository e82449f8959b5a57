using BackendStub.Hosting;
using Samples.Contracts;
using SoapRouter.Tests.Support;
using SoapRouter.Tests.Wire.Framing;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.BackendStub.NetTcp;

/// <summary>
/// Connections that stall or vanish, on the fake clock: the stub closes each one on its own (preamble timeout, idle
/// timeout) or notices it is gone, cancels what was in flight for it, and keeps serving a WCF client on another
/// connection during and after.
/// </summary>
public sealed class NetTcpConnectionLossTests
{
    private static readonly TimeSpan PreambleTimeout = TimeSpan.FromSeconds(30);
    private static readonly TimeSpan IdleTimeout = TimeSpan.FromMinutes(2);

    [Fact]
    public async Task ConnectionThatStopsMidPreamble_IsClosedAtThePreambleTimeout()
    {
        var clock = new FakeTimeProvider();
        await using var stub = await StartAsync(clock);
        using var healthy = await HealthyNetTcpClient.StartAsync(stub);
        var address = stub.Address(WireBindings.NetTcp);
        await using var raw = await RawFramingClient.ConnectAsync(address);

        // Version, mode and half of the Via record.
        var via = FramingBytes.Via(address.AbsoluteUri);
        await raw.SendAsync(FramingBytes.VersionAndDuplexMode, via[..(via.Length / 2)]);
        await WaitForConnectionsAsync(stub, 2);

        clock.Advance(PreambleTimeout - TimeSpan.FromSeconds(1));
        Assert.True(await raw.StaysOpenAsync(TimeSpan.FromMilliseconds(200)));
        await healthy.AssertWorksAsync();

        clock.Advance(TimeSpan.FromSeconds(2));
        Assert.Null(await raw.ReadRecordAsync());
        await WaitForConnectionsAsync(stub, 1);
        await healthy.AssertWorksAsync();
    }

    [Fact]
    public async Task ConnectionThatStopsMidRecord_GetsEndAtTheIdleTimeout_AndIsClosed()
    {
        var clock = new FakeTimeProvider();
        await using var stub = await StartAsync(clock);
        using var healthy = await HealthyNetTcpClient.StartAsync(stub);
        var address = stub.Address(WireBindings.NetTcp);
        await using var raw = await RawFramingClient.OpenSessionAsync(address);

        // The head of a Sized Envelope and 10 of its bytes.
        var record = FramingBytes.SizedEnvelope(new ClientSessionCodecs().Echo(address, "never finished", out _));
        await raw.SendAsync(record[..12]);
        Assert.True(await raw.StaysOpenAsync(TimeSpan.FromMilliseconds(200)));

        // The healthy client calls between the clock's steps, so its own connection is never idle.
        clock.Advance(IdleTimeout / 2);
        await healthy.AssertWorksAsync();
        Assert.True(await raw.StaysOpenAsync(TimeSpan.FromMilliseconds(200)));
        clock.Advance((IdleTimeout / 2) + TimeSpan.FromSeconds(1));

        Assert.True((await raw.ReadRecordAsync())!.IsEnd);
        Assert.Null(await raw.ReadRecordAsync());
        await WaitForConnectionsAsync(stub, 1);
        await healthy.AssertWorksAsync();
    }

    [Fact]
    public async Task IdleSession_GetsEnd_AndAWcfClientOpensANewOneAfterwards()
    {
        var clock = new FakeTimeProvider();
        await using var stub = await StartAsync(clock);
        var address = stub.Address(WireBindings.NetTcp);
        await using var raw = await RawFramingClient.OpenSessionAsync(address);
        var codecs = new ClientSessionCodecs();
        await raw.SendAsync(FramingBytes.SizedEnvelope(codecs.Echo(address, "before idling", out var id)));
        Assert.Equal("before idling", codecs.ReadEcho((await raw.ReadRecordAsync())!.Payload, id));

        clock.Advance(IdleTimeout + TimeSpan.FromSeconds(1));

        Assert.True((await raw.ReadRecordAsync())!.IsEnd);
        Assert.Null(await raw.ReadRecordAsync());
        using var healthy = await HealthyNetTcpClient.StartAsync(stub);
    }

    [Fact]
    public async Task ClientThatDisconnectsWithCallsInFlight_HasThemCancelled_OthersAreServed()
    {
        // The injected latency runs on the fake clock, so the calls stay in flight until the clock moves.
        var clock = new FakeTimeProvider();
        await using var stub = await StartAsync(clock, new StubOptions { Latency = TimeSpan.FromSeconds(5) });
        var address = stub.Address(WireBindings.NetTcp);
        using var wcf = Wcf.StubWcfClient<IEchoService>.Create(WireBindings.NetTcp, address);
        var healthyCall = wcf.Channel.EchoAsync(new EchoPayload { Text = "in flight elsewhere" });
        await using var raw = await RawFramingClient.OpenSessionAsync(address);
        var codecs = new ClientSessionCodecs();
        var requests = new List<byte>();
        for (var i = 0; i < 5; i++)
        {
            requests.AddRange(FramingBytes.SizedEnvelope(codecs.Echo(address, $"abandoned {i}", out _)));
        }

        await raw.SendAsync([.. requests]);
        await NetTcpWcfClientTests.WaitForAsync(async () => (await stub.StatsAsync()).Requests == 6);

        raw.Abort();

        // The server sees the connection go, cancels its five calls and closes it: the session only ends once they have.
        await WaitForConnectionsAsync(stub, 1);
        Assert.False(healthyCall.IsCompleted);
        clock.Advance(TimeSpan.FromSeconds(5));
        Assert.Equal("in flight elsewhere", (await healthyCall).Text);
        var after = wcf.Channel.EchoAsync(new EchoPayload { Text = "after" });
        await NetTcpWcfClientTests.WaitForAsync(async () => (await stub.StatsAsync()).Requests == 7);
        clock.Advance(TimeSpan.FromSeconds(5));
        Assert.Equal("after", (await after).Text);
        Assert.Equal(0, (await stub.StatsAsync()).FaultsReturned);
    }

    private static Task<RunningStub> StartAsync(FakeTimeProvider clock, StubOptions? options = null) =>
        RunningStub.StartWithNetTcpAsync(
            (options ?? new StubOptions()) with { TcpPreambleTimeout = PreambleTimeout, TcpIdleTimeout = IdleTimeout },
            clock);

    private static Task WaitForConnectionsAsync(RunningStub stub, int count) =>
        NetTcpWcfClientTests.WaitForAsync(() => Task.FromResult(stub.Host.NetTcpConnections == count));
}
