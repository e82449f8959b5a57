using System.Security.Cryptography;
using System.ServiceModel;
using BackendStub.Hosting;
using BackendStub.Service;
using Samples.Contracts;
using Samples.Payloads;
using SoapRouter.Tests.BackendStub.Wcf;
using SoapRouter.Tests.Samples.Contracts;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Encoding;

namespace SoapRouter.Tests.BackendStub.NetTcp;

/// <summary>
/// Stock WCF clients (ChannelFactory on NetTcpBinding(SecurityMode.None), WCF's own framing and msbinsession1
/// encoders) against the real stub's net.tcp endpoint: what a WCF application gets from the stub over net.tcp is what
/// it gets from a WCF service.
/// </summary>
public sealed class NetTcpWcfClientTests
{
    [Fact]
    public async Task Echo_150KilobytePayload_ComesBackEqual()
    {
        await using var stub = await RunningStub.StartWithNetTcpAsync();
        using var client = StubWcfClient<IEchoService>.Create(WireBindings.NetTcp, stub.Address(WireBindings.NetTcp));
        var text = string.Concat(Enumerable.Range(0, 4000).Select(i => $"line {i}: héllo <&> wörld\n"));
        var payload = new EchoPayload { Text = text, Blob = RandomNumberGenerator.GetBytes(50_000) };

        var echoed = await client.Channel.EchoAsync(payload);

        Assert.True(text.Length + payload.Blob.Length > 150_000, $"payload of {text.Length + payload.Blob.Length}");
        Assert.Equal(text, echoed.Text);
        Assert.Equal(payload.Blob, echoed.Blob);
        var stats = await stub.StatsAsync();
        Assert.Equal(1, stats.Actions[EchoServiceActions.Echo]);
        Assert.Equal(1, stats.Requests);
    }

    [Fact]
    public async Task GetOrders100_ReturnsTheGeneratorsOrders()
    {
        await using var stub = await RunningStub.StartWithNetTcpAsync(new StubOptions { Profile = PayloadProfile.Incompressible, Seed = 11 });
        using var client = StubWcfClient<IOrderService>.Create(WireBindings.NetTcp, stub.Address(WireBindings.NetTcp));

        var orders = await client.Channel.GetOrdersAsync(100);

        OrderAssert.Equal(new PayloadGenerator(PayloadProfile.Incompressible, 11).GetOrders(100), orders);
    }

    [Fact]
    public async Task SubmitOrder_OneWay_IsCountedByTheStub()
    {
        await using var stub = await RunningStub.StartWithNetTcpAsync();
        using var client = StubWcfClient<IOrderService>.Create(WireBindings.NetTcp, stub.Address(WireBindings.NetTcp));
        var order = new PayloadGenerator(PayloadProfile.Compressible, 3).GetOrders(1)[0];

        await client.Channel.SubmitOrderAsync(order);
        await client.Channel.SubmitOrderAsync(order);

        // One-way sends complete when the bytes are out; a request-reply call after them on the same session is
        // answered after they were read, and the stub counts a message before answering anything after it.
        Assert.Single(await client.Channel.GetOrdersAsync(1));
        await WaitForAsync(async () => (await stub.StatsAsync()).OneWayReceived == 2);
        var stats = await stub.StatsAsync();
        Assert.Equal(2, stats.Actions[OrderServiceActions.SubmitOrder]);
        Assert.Equal(0, stats.FaultsReturned);
    }

    [Fact]
    public async Task InjectedFault_ReachesTheClientAsFaultException_AndTheSessionGoesOn()
    {
        await using var stub = await RunningStub.StartWithNetTcpAsync(new StubOptions { FaultEvery = 2 });
        using var client = StubWcfClient<IEchoService>.Create(WireBindings.NetTcp, stub.Address(WireBindings.NetTcp));

        Assert.Equal("first", (await client.Channel.EchoAsync(new EchoPayload { Text = "first" })).Text);
        var fault = await Assert.ThrowsAsync<FaultException>(() => client.Channel.EchoAsync(new EchoPayload { Text = "x" }));
        Assert.Equal("third", (await client.Channel.EchoAsync(new EchoPayload { Text = "third" })).Text);

        Assert.Equal("Injected fault (request 2).", fault.Reason.ToString());
        Assert.True(fault.Code.IsReceiverFault);
        Assert.Equal(1, (await stub.StatsAsync()).FaultsInjected);
    }

    [Fact]
    public async Task ToOfAnotherEndpoint_ReachesTheClientAsEndpointNotFound()
    {
        await using var stub = await RunningStub.StartWithNetTcpAsync();
        var address = stub.Address(WireBindings.NetTcp);
        var elsewhere = new UriBuilder(address) { Path = "/somewhere-else" }.Uri;
        using var client = StubWcfClient<IEchoService>.Create(WireBindings.NetTcp, elsewhere, via: address);

        var notFound = await Assert.ThrowsAsync<EndpointNotFoundException>(() => client.Channel.EchoAsync(new EchoPayload { Text = "x" }));

        Assert.Equal(WcfFaults.AddressFilterMismatchReason(elsewhere.AbsoluteUri), notFound.Message);
        Assert.Equal(1, (await stub.StatsAsync()).FaultsReturned);
    }

    [Fact]
    public async Task UnknownAction_ReachesTheClientAsActionNotSupported()
    {
        await using var stub = await RunningStub.StartWithNetTcpAsync();
        using var client = StubWcfClient<INotServedContract>.Create(WireBindings.NetTcp, stub.Address(WireBindings.NetTcp));

        var error = await Assert.ThrowsAsync<ActionNotSupportedException>(() => client.Channel.CancelOrderAsync(7));

        Assert.Equal(WcfFaults.ContractFilterMismatchReason(INotServedContract.Action), error.Message);
        Assert.Equal(1, (await stub.StatsAsync()).Actions[INotServedContract.Action]);
    }

    [Fact]
    public async Task SixtyFourConcurrentCalls_OnOneChannel_AreEachAnsweredWithTheirOwnPayload()
    {
        // Latency keeps the calls overlapping on the server, so replies leave in an order of their own.
        await using var stub = await RunningStub.StartWithNetTcpAsync(new StubOptions { Latency = TimeSpan.FromMilliseconds(50) });
        using var client = StubWcfClient<IEchoService>.Create(WireBindings.NetTcp, stub.Address(WireBindings.NetTcp));
        var payloads = Enumerable.Range(0, 64)
            .Select(i => new EchoPayload { Text = $"call {i} " + new string((char)('a' + (i % 26)), i * 97), Blob = RandomNumberGenerator.GetBytes(i * 31) })
            .ToArray();

        var echoed = await Task.WhenAll(payloads.Select(p => client.Channel.EchoAsync(p)));

        for (var i = 0; i < payloads.Length; i++)
        {
            Assert.Equal(payloads[i].Text, echoed[i].Text);
            Assert.Equal(payloads[i].Blob, echoed[i].Blob);
        }

        Assert.Equal(64, (await stub.StatsAsync()).Actions[EchoServiceActions.Echo]);
        Assert.Equal(1, stub.Host.NetTcpConnectionsAccepted);
    }

    [Fact]
    public async Task OpenCallClose_ManyTimes_ClosesCleanly_AndReusesTheConnection()
    {
        await using var stub = await RunningStub.StartWithNetTcpAsync();
        var binding = WireBindings.NetTcp.CreateClientBinding(WireLimits.ForSize(8 << 20));
        var factory = new ChannelFactory<IEchoService>(binding, new EndpointAddress(stub.Address(WireBindings.NetTcp)));
        try
        {
            for (var i = 0; i < 25; i++)
            {
                var channel = factory.CreateChannel();
                var communication = (ICommunicationObject)channel;
                await Task.Factory.FromAsync(communication.BeginOpen, communication.EndOpen, null);
                Assert.Equal($"round {i}", (await channel.EchoAsync(new EchoPayload { Text = $"round {i}" })).Text);

                // A clean close: the client sends End and waits for the server's End.
                await Task.Factory.FromAsync(communication.BeginClose, communication.EndClose, null);
                Assert.Equal(CommunicationState.Closed, communication.State);
            }
        }
        finally
        {
            factory.Abort();
        }

        Assert.Equal(25, (await stub.StatsAsync()).Actions[EchoServiceActions.Echo]);

        // WCF pools the connection of a cleanly closed channel and starts the next session on it with a new preamble.
        Assert.Equal(1, stub.Host.NetTcpConnectionsAccepted);
        await WaitForAsync(() => Task.FromResult(stub.Host.NetTcpConnections == 0));
    }

    /// <remarks>
    /// The stub answers the MaxMessageSizeExceededFault framing fault (the raw framing tests read its exact bytes);
    /// WCF's client reads a fault record in the message phase as the end of its session, so the call fails as a
    /// CommunicationException and the channel faults, as against a WCF service. The session's other calls are over;
    /// a new channel works.
    /// </remarks>
    [Fact]
    public async Task OversizedRequest_FailsTheCall_AndTheChannel_NotTheEndpoint()
    {
        await using var stub = await RunningStub.StartWithNetTcpAsync(new StubOptions { MaxMessageSize = 32 * 1024 });
        var address = stub.Address(WireBindings.NetTcp);
        using var client = StubWcfClient<IEchoService>.Create(WireBindings.NetTcp, address);
        Assert.Equal("small", (await client.Channel.EchoAsync(new EchoPayload { Text = "small" })).Text);

        await Assert.ThrowsAnyAsync<CommunicationException>(() => client.Channel.EchoAsync(new EchoPayload { Blob = new byte[100_000] }));

        // The client faults its channel as its receive loop reads the fault record, which can come just after the call failed.
        await WaitForAsync(() => Task.FromResult(((ICommunicationObject)client.Channel).State == CommunicationState.Faulted));
        Assert.Equal(1, (await stub.StatsAsync()).Requests);
        using var next = StubWcfClient<IEchoService>.Create(WireBindings.NetTcp, address);
        Assert.Equal("after", (await next.Channel.EchoAsync(new EchoPayload { Text = "after" })).Text);
    }

    /// <summary>Polls <paramref name="condition"/> until it holds (10 s at most).</summary>
    internal static async Task WaitForAsync(Func<Task<bool>> condition)
    {
        for (var i = 0; i < 200; i++)
        {
            if (await condition())
            {
                return;
            }

            await Task.Delay(50);
        }

        Assert.Fail("The condition did not come true within 10 s.");
    }
}
