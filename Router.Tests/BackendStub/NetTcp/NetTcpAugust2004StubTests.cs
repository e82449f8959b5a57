using BackendStub.Service;
using Samples.Contracts;
using Samples.Payloads;
using SoapRouter.Tests.BackendStub.Wcf;
using SoapRouter.Tests.Samples.Contracts;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.BackendStub.NetTcp;

/// <summary>
/// A stock WCF client on WS-Addressing August 2004 over net.tcp (the CustomBinding WireBindings.NetTcpAugust2004 gives)
/// straight to the stub's /tcp2004 endpoint: every request carries the anonymous 2004 ReplyTo that WCF 10.1 cannot read,
/// which the endpoint cuts before reading (<see cref="August2004SessionReplyTo"/>).
/// </summary>
public sealed class NetTcpAugust2004StubTests
{
    [Fact]
    public async Task StockAugust2004Client_EchoGetOrdersAndOneWay_AreServedOnOneSession()
    {
        await using var stub = await RunningStub.StartWithNetTcpAsync();
        var address = stub.Address(WireBindings.NetTcpAugust2004);
        using var echo = StubWcfClient<IEchoService>.Create(WireBindings.NetTcpAugust2004, address);
        using var orders = StubWcfClient<IOrderService>.Create(WireBindings.NetTcpAugust2004, address);

        for (var i = 0; i < 3; i++)
        {
            Assert.Equal($"direct {i}", (await echo.Channel.EchoAsync(new EchoPayload { Text = $"direct {i}" })).Text);
        }

        OrderAssert.Equal(new PayloadGenerator(PayloadProfile.Compressible, 1).GetOrders(4), await orders.Channel.GetOrdersAsync(4));
        await orders.Channel.SubmitOrderAsync(new PayloadGenerator(PayloadProfile.Compressible, 2).GetOrders(1)[0]);

        Assert.EndsWith("/tcp2004", address.AbsolutePath, StringComparison.Ordinal);
        await Eventually.TrueAsync(async () => (await stub.StatsAsync()).OneWayReceived == 1, "the one-way order did not arrive");
        Assert.Equal(0, (await stub.StatsAsync()).FaultsReturned);
    }

    [Fact]
    public void Cut_LeavesAPayloadWithoutTheHeaderAsItIs()
    {
        // Session strings size 0, then records that hold no ReplyTo.
        byte[] payload = [0x00, 0x56, 0x02, 0x01];

        Assert.Equal(payload.Length, August2004SessionReplyTo.Cut(payload));
        Assert.Equal([0x00, 0x56, 0x02, 0x01], payload);
    }

    [Fact]
    public void Cut_RemovesTheAnonymousReplyToRecords_AndKeepsWhatFollows()
    {
        // <a:ReplyTo><a:Address>(2004 anonymous)</a:Address></a:ReplyTo> between two other records.
        byte[] payload = [0x00, 0x56, 0x02, 0x44, 0x2C, 0x44, 0x2A, 0xAB, 0xD4, 0x01, 0x01, 0x56, 0x0E];

        var length = August2004SessionReplyTo.Cut(payload);

        Assert.Equal([0x00, 0x56, 0x02, 0x56, 0x0E], payload[..length]);
    }
}
