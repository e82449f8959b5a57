using System.ServiceModel.Channels;
using System.Xml;
using BackendStub.Hosting;
using Samples.Contracts;
using Samples.Payloads;
using SoapRouter.Tests.Wire.Framing;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.BackendStub.NetTcp;

/// <summary>
/// The stub's net.tcp endpoint driven byte by byte from a raw socket: every record type a server reads (both encoding
/// records, Sized Envelope, End, a client Fault), several sessions on one connection, and how it ends.
/// </summary>
public sealed class NetTcpRawSessionTests
{
    [Fact]
    public async Task ExtensibleEncoding_ThreeMessagesInOneWrite_End_ThenASecondSessionOnTheSameConnection()
    {
        await using var stub = await RunningStub.StartWithNetTcpAsync();
        var address = stub.Address(WireBindings.NetTcp);
        await using var raw = await RawFramingClient.ConnectAsync(address);

        await raw.SendAsync(
            FramingBytes.VersionAndDuplexMode,
            FramingBytes.Via(address.AbsoluteUri),
            FramingBytes.ExtensibleEncoding(FramingBytes.BinarySessionContentType),
            FramingBytes.PreambleEnd);
        Assert.True((await raw.ReadRecordAsync())!.IsPreambleAck);

        var codecs = new ClientSessionCodecs();
        var first = codecs.Echo(address, "first", out var firstId);
        var order = codecs.SubmitOrder(address, new PayloadGenerator(PayloadProfile.Compressible, 5).GetOrders(1)[0]);
        var second = codecs.Echo(address, "second", out var secondId);
        await raw.SendAsync([.. FramingBytes.SizedEnvelope(first), .. FramingBytes.SizedEnvelope(order), .. FramingBytes.SizedEnvelope(second)]);

        // Messages are handled concurrently, so the replies may come in either order; the one-way message gets none.
        var replies = await ReadEchoRepliesAsync(raw, codecs, 2);
        Assert.Equal("first", replies[firstId]);
        Assert.Equal("second", replies[secondId]);

        await raw.SendAsync(FramingBytes.End);
        Assert.True((await raw.ReadRecordAsync())!.IsEnd);
        Assert.Equal(1, (await stub.StatsAsync()).OneWayReceived);

        // WCF pools a connection after End both ways: the next session starts with a new preamble and new dictionaries.
        await raw.SendAsync(FramingBytes.Preamble(address));
        Assert.True((await raw.ReadRecordAsync())!.IsPreambleAck);
        var again = new ClientSessionCodecs();
        await raw.SendAsync(FramingBytes.SizedEnvelope(again.Echo(address, "again", out var againId)));
        Assert.Equal("again", again.ReadEcho((await raw.ReadRecordAsync())!.Payload, againId));
        await raw.SendAsync(FramingBytes.End);
        Assert.True((await raw.ReadRecordAsync())!.IsEnd);

        Assert.Equal(1, stub.Host.NetTcpConnectionsAccepted);
        await raw.DisposeAsync();
        await NetTcpWcfClientTests.WaitForAsync(() => Task.FromResult(stub.Host.NetTcpConnections == 0));
    }

    [Fact]
    public async Task PreambleAndMessage_SentOneByteAtATime_AreReadTheSame()
    {
        await using var stub = await RunningStub.StartWithNetTcpAsync();
        var address = stub.Address(WireBindings.NetTcp);
        await using var raw = await RawFramingClient.ConnectAsync(address);
        var codecs = new ClientSessionCodecs();

        await raw.SendByteByByteAsync(FramingBytes.Preamble(address));
        Assert.True((await raw.ReadRecordAsync())!.IsPreambleAck);
        await raw.SendByteByByteAsync(FramingBytes.SizedEnvelope(codecs.Echo(address, "slowly", out var id)));

        Assert.Equal("slowly", codecs.ReadEcho((await raw.ReadRecordAsync())!.Payload, id));
    }

    [Fact]
    public async Task DictionaryStrings_OfEarlierMessages_AreUsedByLaterOnes_OnBothSides()
    {
        await using var stub = await RunningStub.StartWithNetTcpAsync();
        var address = stub.Address(WireBindings.NetTcp);
        await using var raw = await RawFramingClient.OpenSessionAsync(address);
        var codecs = new ClientSessionCodecs();

        var sizes = new List<int>();
        for (var i = 0; i < 3; i++)
        {
            var payload = codecs.Echo(address, "same text", out var id);
            sizes.Add(payload.Length);
            await raw.SendAsync(FramingBytes.SizedEnvelope(payload));
            Assert.Equal("same text", codecs.ReadEcho((await raw.ReadRecordAsync())!.Payload, id));
        }

        // The first message carries the session dictionary's new strings; the later ones refer to them.
        Assert.True(sizes[1] < sizes[0], $"sizes {string.Join(", ", sizes)}");
        Assert.Equal(sizes[1], sizes[2]);
    }

    [Fact]
    public async Task ClientFaultRecord_EndsTheSession_WithoutAnAnswer()
    {
        await using var stub = await RunningStub.StartWithNetTcpAsync();
        using var healthy = await HealthyNetTcpClient.StartAsync(stub);
        var address = stub.Address(WireBindings.NetTcp);
        await using var raw = await RawFramingClient.OpenSessionAsync(address);

        await raw.SendAsync(FramingBytes.Fault("http://example.org/client-gave-up"));

        Assert.Null(await raw.ReadRecordAsync());
        await healthy.AssertWorksAsync();
    }

    [Fact]
    public async Task PayloadTheSessionEncoderCannotRead_ClosesThatConnectionOnly()
    {
        await using var stub = await RunningStub.StartWithNetTcpAsync();
        using var healthy = await HealthyNetTcpClient.StartAsync(stub);
        var address = stub.Address(WireBindings.NetTcp);
        await using var raw = await RawFramingClient.OpenSessionAsync(address);

        // A dictionary section claiming more bytes than the payload has, then noise.
        await raw.SendAsync(FramingBytes.SizedEnvelope([0x7F, 0x01, 0x02, 0x03, 0x56, 0x02, 0x0B]));
        await healthy.AssertWorksAsync();

        Assert.Null(await raw.ReadRecordAsync());

        // The healthy client's two calls so far; the unreadable message never reached the dispatcher.
        Assert.Equal(2, (await stub.StatsAsync()).Requests);
        await healthy.AssertWorksAsync();
    }

    /// <summary>Reads <paramref name="count"/> Echo replies; their texts by the MessageID each relates to.</summary>
    internal static async Task<Dictionary<UniqueId, string?>> ReadEchoRepliesAsync(RawFramingClient raw, ClientSessionCodecs codecs, int count)
    {
        var replies = new Dictionary<UniqueId, string?>();
        for (var i = 0; i < count; i++)
        {
            var record = await raw.ReadRecordAsync();
            Assert.NotNull(record);
            Assert.Equal(ServerRecord.SizedEnvelope, record.Type);
            using var reply = codecs.Read(record.Payload);
            Assert.Equal(EchoServiceActions.EchoResponse, reply.Headers.Action);
            using var body = reply.GetReaderAtBodyContents();
            replies.Add(reply.Headers.RelatesTo, OperationMessages.EchoResponse.Read(body)?.Text);
        }

        return replies;
    }
}
