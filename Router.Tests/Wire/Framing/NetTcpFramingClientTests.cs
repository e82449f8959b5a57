using System.Net.Sockets;
using System.ServiceModel;
using Microsoft.Extensions.Logging.Abstractions;
using BackendStub.Hosting;
using Samples.Payloads;
using SoapRouter.Tests.BackendStub;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Framing;

namespace SoapRouter.Tests.Wire.Framing;

/// <summary>
/// <see cref="NetTcpFramingClient"/> against BackendStub's net.tcp endpoint (Wire's server session with WCF's session
/// encoders, echoing): requests encoded with a WCF session encoder go out as payloads, replies are read back in order
/// with the other one. How sessions end is checked against the stub, and against a scripted server for what the stub
/// never does (a reset, a broken record).
/// </summary>
public sealed class NetTcpFramingClientTests
{
    private static readonly TimeSpan CloseTimeout = TimeSpan.FromSeconds(10);

    [Fact]
    public async Task RequestReply_WithRoomInFront_EchoComesBackRelatedToItsRequest()
    {
        await using var session = await StubSession.StartAsync();
        var (stub, via, codecs, handler, client) = session;

        for (var i = 0; i < 3; i++)
        {
            var payload = codecs.Echo(via, $"hello {i}", out var id);
            var buffer = new byte[FramingRecordWriter.MaxSizedEnvelopeHeadLength + payload.Length];
            payload.CopyTo(buffer, FramingRecordWriter.MaxSizedEnvelopeHeadLength);
            await client.SendAsync(buffer, FramingRecordWriter.MaxSizedEnvelopeHeadLength, payload.Length, CancellationToken.None);

            var reply = await handler.NextReplyAsync();
            Assert.Equal(id, reply.RelatesTo);
            Assert.Equal($"hello {i}", reply.Text);
        }

        Assert.True(client.IsOpen);
        Assert.Equal(1, stub.Host.NetTcpConnectionsAccepted);
    }

    [Fact]
    public async Task ManyConcurrentRequests_OnOneSession_EveryReplyComesBack()
    {
        await using var session = await StubSession.StartAsync();
        var (_, via, codecs, handler, client) = session;
        var encoding = new Lock();
        var sent = new System.Collections.Concurrent.ConcurrentDictionary<System.Xml.UniqueId, string>();

        // Eight callers at once; each encodes and takes its send turn under one lock (the session dictionary's order is
        // the wire's), then awaits its send outside it, so sends overlap on the client's queue.
        await Task.WhenAll(Enumerable.Range(0, 8).Select(caller => Task.Run(async () =>
        {
            for (var i = 0; i < 25; i++)
            {
                var text = $"caller {caller} message {i}";
                ValueTask sending;
                lock (encoding)
                {
                    var payload = codecs.Echo(via, text, out var id);
                    sent[id] = text;
                    sending = client.SendAsync(payload, CancellationToken.None);
                }

                await sending;
            }
        })));

        for (var i = 0; i < 200; i++)
        {
            var reply = await handler.NextReplyAsync();
            Assert.True(sent.TryRemove(reply.RelatesTo!, out var text), $"reply {i} relates to no request waiting");
            Assert.Equal(text, reply.Text);
        }

        Assert.Empty(sent);
    }

    [Fact]
    public async Task Message150KB_BothWays_IsAssembledAndReadWhole()
    {
        await using var session = await StubSession.StartAsync();
        var (_, via, codecs, handler, client) = session;
        var text = string.Concat(Enumerable.Range(0, 150 * 1024 / 8).Select(i => $"{i:D7};"));

        var payload = codecs.Echo(via, text, out var id);
        Assert.True(payload.Length > 150 * 1024 && payload.Length > NetTcpFramingClientOptions.Default.ReceiveBufferSize);
        await client.SendAsync(payload, CancellationToken.None);
        var small = codecs.Echo(via, "after", out var smallId);
        await client.SendAsync(small, CancellationToken.None);

        var replies = new Dictionary<System.Xml.UniqueId, string?>();
        for (var i = 0; i < 2; i++)
        {
            var reply = await handler.NextReplyAsync();
            replies[reply.RelatesTo!] = reply.Text;
        }

        Assert.Equal(text, replies[id]);
        Assert.Equal("after", replies[smallId]);
    }

    [Fact]
    public async Task OneWayMessage_IsReceived_AndGetsNoReply()
    {
        await using var session = await StubSession.StartAsync();
        var (stub, via, codecs, handler, client) = session;

        await client.SendAsync(codecs.SubmitOrder(via, new PayloadGenerator(PayloadProfile.Compressible, 5).GetOrders(1)[0]), CancellationToken.None);
        await Eventually.TrueAsync(async () => (await stub.StatsAsync()).OneWayReceived == 1, "the one-way order did not arrive");

        // The next reply is the echo's: nothing answered the order.
        Assert.True(handler.NoReplyYet);
        await client.SendAsync(codecs.Echo(via, "after the order", out var id), CancellationToken.None);
        Assert.Equal(id, (await handler.NextReplyAsync()).RelatesTo);
        Assert.Equal(1, handler.Payloads);
    }

    [Fact]
    public async Task CloseAsync_SendsEnd_ServerAnswersEnd_EndedGracefullyOnce_AndLaterSendsAreRefused()
    {
        await using var session = await StubSession.StartAsync();
        var (stub, via, codecs, handler, client) = session;
        await client.SendAsync(codecs.Echo(via, "before the close", out var id), CancellationToken.None);

        await client.CloseAsync(CloseTimeout);

        // The reply sent before the End was still handed up, then the server's End ended the session.
        Assert.Equal(id, (await handler.NextReplyAsync()).RelatesTo);
        var end = await handler.EndedAsync();
        Assert.Equal(NetTcpFramingEndReason.ServerEnded, end.Reason);
        Assert.True(end.IsGraceful);
        Assert.False(client.IsOpen);
        await Assert.ThrowsAsync<CommunicationObjectAbortedException>(() => client.SendAsync(codecs.Echo(via, "late", out _), CancellationToken.None).AsTask());
        await client.DisposeAsync();
        Assert.Equal(1, handler.EndedCalls);
        await Eventually.TrueAsync(() => Task.FromResult(stub.Host.NetTcpConnections == 0), "the stub kept the connection");
    }

    [Fact]
    public async Task ServerEndsAnIdleSessionOnItsOwn_EndedGracefully()
    {
        await using var session = await StubSession.StartAsync(stubOptions: new StubOptions { TcpIdleTimeout = TimeSpan.FromMilliseconds(300) });
        var (_, _, _, handler, client) = session;

        var end = await handler.EndedAsync();

        Assert.Equal(NetTcpFramingEndReason.ServerEnded, end.Reason);
        Assert.False(client.IsOpen);
    }

    [Fact]
    public async Task WrongVia_ThrowsEndpointNotFoundException_AsWcfDoes()
    {
        await using var stub = await RunningStub.StartWithNetTcpAsync();
        var wrong = new UriBuilder(stub.Address(WireBindings.NetTcp)) { Path = "/nobody-here" }.Uri;
        var handler = new RecordingFramingHandler(new ClientSessionCodecs());

        await Assert.ThrowsAsync<EndpointNotFoundException>(() => ConnectAsync(wrong, handler));
        Assert.Equal(0, handler.EndedCalls);
    }

    [Fact]
    public async Task ServerWithNoConnectionSlot_ThrowsServerTooBusyException()
    {
        await using var stub = await RunningStub.StartWithNetTcpAsync(new StubOptions { MaxTcpConnections = 1 });
        var via = stub.Address(WireBindings.NetTcp);
        await using var first = await ConnectAsync(via, new RecordingFramingHandler(new ClientSessionCodecs()));

        await Assert.ThrowsAsync<ServerTooBusyException>(() => ConnectAsync(via, new RecordingFramingHandler(new ClientSessionCodecs())));
    }

    [Fact]
    public async Task NothingListening_ThrowsSocketExceptionConnectionRefused()
    {
        var via = new Uri($"net.tcp://127.0.0.1:{FreePort.Unused()}/tcp");

        var refused = await Assert.ThrowsAsync<SocketException>(() => ConnectAsync(via, new RecordingFramingHandler(new ClientSessionCodecs())));

        Assert.Equal(SocketError.ConnectionRefused, refused.SocketErrorCode);
    }

    [Fact]
    public async Task ServerThatNeverAnswersThePreamble_ThrowsTimeoutException()
    {
        using var silent = new BlackHoleListener();
        var options = new NetTcpFramingClientOptions { ConnectTimeout = TimeSpan.FromMilliseconds(300) };

        await Assert.ThrowsAsync<TimeoutException>(
            () => NetTcpFramingClient.ConnectAsync(
                new Uri($"net.tcp://127.0.0.1:{silent.Port}/tcp"), options, new RecordingFramingHandler(new ClientSessionCodecs()), NullLogger.Instance, CancellationToken.None));
    }

    [Fact]
    public async Task ServerFaultMidSession_EndsWithItsFault_AndLaterSendsAreRefused()
    {
        await using var session = await StubSession.StartAsync(stubOptions: new StubOptions { MaxMessageSize = 64 * 1024 });
        var (_, via, codecs, handler, client) = session;

        await client.SendAsync(codecs.Echo(via, new string('x', 100 * 1024), out _), CancellationToken.None);

        var end = await handler.EndedAsync();
        Assert.Equal(NetTcpFramingEndReason.ServerFault, end.Reason);
        Assert.Equal(FramingFaults.MaxMessageSizeExceeded, end.Fault);
        Assert.IsType<QuotaExceededException>(end.ToException(via).InnerException);
        Assert.False(client.IsOpen);
        await Assert.ThrowsAsync<CommunicationObjectAbortedException>(() => client.SendAsync(codecs.Echo(via, "late", out _), CancellationToken.None).AsTask());
        Assert.Equal(1, handler.EndedCalls);
    }

    [Fact]
    public async Task ServerResetsMidRecord_EndsAsReset_AndLaterSendsAreRefused()
    {
        await using var server = new ScriptedFramingServer(async socket =>
        {
            await ScriptedFramingServer.AckAsync(socket);
            await socket.SendAsync(new byte[] { ServerRecord.SizedEnvelope, 0x40, 0x01, 0x02 }, SocketFlags.None);
            await Task.Delay(50);
            ScriptedFramingServer.Reset(socket);
        });
        var handler = new RecordingFramingHandler(new ClientSessionCodecs());
        await using var client = await ConnectAsync(server.Via, handler);

        var end = await handler.EndedAsync();

        Assert.Equal(NetTcpFramingEndReason.ConnectionReset, end.Reason);
        Assert.Equal(SocketError.ConnectionReset, Assert.IsType<SocketException>(end.Error).SocketErrorCode);
        Assert.IsType<SocketException>(end.ToException(server.Via).InnerException);
        await Assert.ThrowsAsync<CommunicationObjectAbortedException>(() => client.SendAsync(new byte[] { 0x56, 0x01 }, CancellationToken.None).AsTask());
        Assert.Equal(0, handler.Payloads);
    }

    [Fact]
    public async Task ServerClosesWithoutEnd_EndsAsConnectionClosed()
    {
        await using var server = new ScriptedFramingServer(ScriptedFramingServer.AckAsync);
        var handler = new RecordingFramingHandler(new ClientSessionCodecs());
        await using var client = await ConnectAsync(server.Via, handler);

        Assert.Equal(NetTcpFramingEndReason.ConnectionClosed, (await handler.EndedAsync()).Reason);
    }

    [Fact]
    public async Task RecordThatMayNotFollowThePreamble_EndsAsMalformed()
    {
        await using var server = new ScriptedFramingServer(async socket =>
        {
            await ScriptedFramingServer.AckAsync(socket);
            await ScriptedFramingServer.AckAsync(socket);
            await Task.Delay(1000);
        });
        var handler = new RecordingFramingHandler(new ClientSessionCodecs());
        await using var client = await ConnectAsync(server.Via, handler);

        var end = await handler.EndedAsync();

        Assert.Equal(NetTcpFramingEndReason.Malformed, end.Reason);
        Assert.IsType<ProtocolException>(end.ToException(server.Via));
    }

    [Fact]
    public async Task ReplyOverMaxMessageSize_EndsTheSession_BeforeItsPayloadIsRead()
    {
        await using var session = await StubSession.StartAsync(clientOptions: new NetTcpFramingClientOptions { MaxMessageSize = 4096 });
        var (_, via, codecs, handler, client) = session;

        await client.SendAsync(codecs.Echo(via, new string('x', 8 * 1024), out _), CancellationToken.None);

        var end = await handler.EndedAsync();
        Assert.Equal(NetTcpFramingEndReason.MessageTooLarge, end.Reason);
        Assert.Equal(0, handler.Payloads);
        Assert.False(client.IsOpen);
        await Assert.ThrowsAsync<CommunicationObjectAbortedException>(() => client.SendAsync(codecs.Echo(via, "late", out _), CancellationToken.None).AsTask());
    }

    [Fact]
    public async Task HandlerThatCannotReadAPayload_EndsTheSessionAsUnreadable()
    {
        await using var session = await StubSession.StartAsync(failFirstPayload: true);
        var (_, via, codecs, handler, client) = session;

        await client.SendAsync(codecs.Echo(via, "unreadable", out _), CancellationToken.None);

        var end = await handler.EndedAsync();
        Assert.Equal(NetTcpFramingEndReason.Unreadable, end.Reason);
        Assert.IsType<System.Xml.XmlException>(end.Error);
    }

    [Fact]
    public async Task Abort_ClosesAtOnce_HandlerHearsAbortedOnce()
    {
        await using var session = await StubSession.StartAsync();
        var (stub, _, _, handler, client) = session;

        client.Abort();
        await client.DisposeAsync();

        Assert.Equal(NetTcpFramingEndReason.Aborted, (await handler.EndedAsync()).Reason);
        Assert.Equal(1, handler.EndedCalls);
        Assert.IsType<CommunicationObjectAbortedException>((await handler.EndedAsync()).ToException(client.Via));
        await Eventually.TrueAsync(() => Task.FromResult(stub.Host.NetTcpConnections == 0), "the stub kept the connection");
    }

    private static Task<NetTcpFramingClient> ConnectAsync(Uri via, RecordingFramingHandler handler, NetTcpFramingClientOptions? options = null) =>
        NetTcpFramingClient.ConnectAsync(via, options ?? NetTcpFramingClientOptions.Default, handler, NullLogger.Instance, CancellationToken.None);

    /// <summary>A stub serving net.tcp and one client session to its endpoint, with the session's codecs and handler.</summary>
    private sealed record StubSession(RunningStub Stub, Uri Via, ClientSessionCodecs Codecs, RecordingFramingHandler Handler, NetTcpFramingClient Client)
        : IAsyncDisposable
    {
        public static async Task<StubSession> StartAsync(
            StubOptions? stubOptions = null, NetTcpFramingClientOptions? clientOptions = null, bool failFirstPayload = false)
        {
            var stub = await RunningStub.StartWithNetTcpAsync(stubOptions);
            var via = stub.Address(WireBindings.NetTcp);
            var codecs = new ClientSessionCodecs();
            var handler = new RecordingFramingHandler(codecs) { FailNextPayload = failFirstPayload };
            return new StubSession(stub, via, codecs, handler, await ConnectAsync(via, handler, clientOptions));
        }

        public async ValueTask DisposeAsync()
        {
            await Client.DisposeAsync();
            await Stub.DisposeAsync();
        }
    }
}
