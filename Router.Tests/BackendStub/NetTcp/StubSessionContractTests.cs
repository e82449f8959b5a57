using Samples.Contracts;
using SoapRouter.Tests.BackendStub.Wcf;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.BackendStub.NetTcp;

/// <summary>
/// The stub's per-session contracts met by stock WCF clients directly: the PerSession counter counts per session, the
/// duplex contract calls back on the client's session, and /stub/stats counts the sessions.
/// </summary>
public sealed class StubSessionContractTests
{
    [Fact]
    public async Task SessionCounter_CountsEachSessionOnItsOwn()
    {
        await using var stub = await RunningStub.StartWithNetTcpAsync();
        using var first = StubWcfClient<ISessionCounter>.Create(WireBindings.NetTcp, stub.Address(WireBindings.NetTcp));
        using var second = StubWcfClient<ISessionCounter>.Create(WireBindings.NetTcp, stub.Address(WireBindings.NetTcp));

        Assert.Equal(1, await first.Channel.NextAsync());
        Assert.Equal(2, await first.Channel.NextAsync());
        Assert.Equal(1, await second.Channel.NextAsync());
        Assert.Equal(3, await first.Channel.NextAsync());

        var stats = await stub.StatsAsync();
        Assert.Equal(2, stats.NetTcpSessionsOpened);
        Assert.Equal(2, stats.NetTcpSessionsActive);
    }

    [Fact]
    public async Task Subscribe_CallsBackOnTheSession_AndReturnsTheClientsAnswer()
    {
        await using var stub = await RunningStub.StartWithNetTcpAsync();
        using var client = DuplexWcfClient.Create(stub.Address(WireBindings.NetTcp));

        var confirmed = await client.Channel.SubscribeAsync(5);

        Assert.Equal(5, confirmed);
        Assert.Equal([1, 2, 3, 4, 5], client.Callback.Events);
        Assert.Equal(1, client.Callback.Confirms);
        await client.CloseAsync();
        await Support.Eventually.TrueAsync(async () => (await stub.StatsAsync()).NetTcpSessionsActive == 0, "the closed session is still counted as active");
    }
}
