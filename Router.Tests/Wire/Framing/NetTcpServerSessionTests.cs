using System.ServiceModel;
using Microsoft.Extensions.Logging;
using SoapRouter.Wire.Encoding;
using SoapRouter.Wire.Framing;

namespace SoapRouter.Tests.Wire.Framing;

/// <summary>
/// NetTcpServerSession over in-memory pipes on a fake clock: ordering, backpressure, End, timeouts, stopping, a peer
/// that vanishes, replies that cannot be encoded, connection slots, failing handlers, and every pooled array returned.
/// </summary>
public sealed class NetTcpServerSessionTests
{
    [Fact]
    public async Task Messages_ReachTheEndpointInArrivalOrder_EachReplyAnswersItsOwn_AndEveryArrayGoesBack()
    {
        var net = InMemoryNetTcp.Start();
        await using (net)
        {
            var codecs = await net.OpenAsync();
            var sent = new Dictionary<System.Xml.UniqueId, string>();
            var bytes = new List<byte>();
            for (var i = 0; i < 10; i++)
            {
                bytes.AddRange(InMemoryNetTcp.Request(codecs, $"message {i}", out var id));
                sent.Add(id, $"message {i}");
            }

            await net.Client.SendAsync([.. bytes]);
            for (var i = 0; i < 10; i++)
            {
                var (text, relatesTo) = await net.ReadReplyAsync(codecs);
                Assert.Equal(sent[relatesTo], text);
            }

            Assert.Equal(Enumerable.Range(0, 10).Select(i => $"message {i}"), net.Endpoint.Received);
            await net.Client.SendAsync(FramingBytes.End);
            Assert.True((await net.Client.ReadRecordAsync())!.IsEnd);
            Assert.All(net.Endpoint.Requests, request => Assert.Equal(InMemoryNetTcp.Via, request.Via));
        }

        Assert.Equal(0, net.Pool.Outstanding);
        Assert.True(net.Pool.Rents >= 20, $"{net.Pool.Rents} rentals");
        Assert.Equal(1, net.SlotReleases);
    }

    [Fact]
    public async Task Request_ReportsThePayloadsLength()
    {
        await using var net = InMemoryNetTcp.Start();
        var codecs = await net.OpenAsync();
        var payload = codecs.Request(
            InMemoryNetTcp.Via, TestEndpoint.RequestAction, writer => writer.WriteElementString("text", TestEndpoint.Namespace, new string('m', 300)), out _);

        await net.Client.SendAsync(FramingBytes.SizedEnvelope(payload));
        await net.ReadReplyAsync(codecs);

        Assert.True(net.Endpoint.Requests.TryPeek(out var request));
        Assert.Equal(payload.Length, request.EncodedLength);
    }

    [Fact]
    public async Task AtMaxPendingMessages_TheSessionStopsReading_UntilOneCompletes()
    {
        await using var net = InMemoryNetTcp.Start(new TestEndpoint { Hold = true }, new NetTcpSessionLimits { MaxPendingMessages = 2 });
        var codecs = await net.OpenAsync();
        var bytes = new List<byte>();
        for (var i = 0; i < 5; i++)
        {
            bytes.AddRange(InMemoryNetTcp.Request(codecs, $"held {i}", out _));
        }

        await net.Client.SendAsync([.. bytes]);
        await InMemoryNetTcp.WaitForAsync(() => net.Endpoint.Entered == 2, "two handlers entered");
        await Task.Delay(200);
        Assert.Equal(2, net.Endpoint.Entered);

        net.Endpoint.Release();
        await net.ReadReplyAsync(codecs);
        await InMemoryNetTcp.WaitForAsync(() => net.Endpoint.Entered == 3, "a third handler entered");
        await Task.Delay(100);
        Assert.Equal(3, net.Endpoint.Entered);

        net.Endpoint.Release(4);
        for (var i = 0; i < 4; i++)
        {
            await net.ReadReplyAsync(codecs);
        }

        // The endpoint counts a handler completed after its reply is sent, so the last reply can arrive first.
        await InMemoryNetTcp.WaitForAsync(() => net.Endpoint.Completed == 5, "five handlers completed");
    }

    [Fact]
    public async Task End_WaitsForMessagesInFlight_ThenAnswersEnd_AndTheConnectionCarriesAnotherSession()
    {
        await using var net = InMemoryNetTcp.Start(new TestEndpoint { Hold = true });
        var codecs = await net.OpenAsync();
        await net.Client.SendAsync([.. InMemoryNetTcp.Request(codecs, "in flight", out var id), .. FramingBytes.End]);
        await InMemoryNetTcp.WaitForAsync(() => net.Endpoint.Entered == 1, "handler entered");

        Assert.True(await net.Client.StaysOpenAsync(TimeSpan.FromMilliseconds(200)));
        net.Endpoint.Release();

        Assert.Equal(("in flight", id), await net.ReadReplyAsync(codecs));
        Assert.True((await net.Client.ReadRecordAsync())!.IsEnd);
        Assert.Equal(0, net.Endpoint.Cancelled);

        // A new session: new preamble, new session dictionaries on both sides.
        var again = await net.OpenAsync();
        await net.Client.SendAsync(InMemoryNetTcp.Request(again, "second session", out var secondId));
        net.Endpoint.Release();
        Assert.Equal(("second session", secondId), await net.ReadReplyAsync(again));
        Assert.False(net.Run.IsCompleted);
    }

    [Fact]
    public async Task Preamble_MustArriveWithinThePreambleTimeout()
    {
        await using var net = InMemoryNetTcp.Start(limits: new NetTcpSessionLimits { PreambleTimeout = TimeSpan.FromSeconds(30) });
        await net.Client.SendAsync(FramingBytes.VersionAndDuplexMode);

        net.Clock.Advance(TimeSpan.FromSeconds(30) - TimeSpan.FromTicks(1));
        Assert.True(await net.Client.StaysOpenAsync(TimeSpan.FromMilliseconds(100)));
        net.Clock.Advance(TimeSpan.FromTicks(1));

        await net.WaitForEndAsync();
        Assert.Null(await net.Client.ReadRecordAsync());
        await net.Logger.WaitFor(LogLevel.Information, "the preamble did not arrive within 00:00:30");
    }

    [Fact]
    public async Task Idle_CountsOnlyWhenNothingIsInFlight_ThenEndAndClose()
    {
        var idle = TimeSpan.FromMinutes(2);
        await using var net = InMemoryNetTcp.Start(new TestEndpoint { Hold = true }, new NetTcpSessionLimits { IdleTimeout = idle });
        var codecs = await net.OpenAsync();
        await net.Client.SendAsync(InMemoryNetTcp.Request(codecs, "slow", out _));
        await InMemoryNetTcp.WaitForAsync(() => net.Endpoint.Entered == 1, "handler entered");

        net.Clock.Advance(idle * 3);
        Assert.True(await net.Client.StaysOpenAsync(TimeSpan.FromMilliseconds(100)));
        net.Endpoint.Release();
        await net.ReadReplyAsync(codecs);

        // The idle time counts from the moment the last message completed.
        net.Clock.Advance(idle - TimeSpan.FromSeconds(1));
        Assert.True(await net.Client.StaysOpenAsync(TimeSpan.FromMilliseconds(100)));
        net.Clock.Advance(TimeSpan.FromSeconds(2));

        Assert.True((await net.Client.ReadRecordAsync())!.IsEnd);
        Assert.Null(await net.Client.ReadRecordAsync());
        await net.WaitForEndAsync();
    }

    [Fact]
    public async Task Stopping_CancelsMessagesInFlight_AnswersEnd_AndEnds()
    {
        await using var net = InMemoryNetTcp.Start(new TestEndpoint { Hold = true });
        var codecs = await net.OpenAsync();
        await net.Client.SendAsync(InMemoryNetTcp.Request(codecs, "interrupted", out _));
        await InMemoryNetTcp.WaitForAsync(() => net.Endpoint.Entered == 1, "handler entered");

        await net.Stopping.CancelAsync();

        Assert.True((await net.Client.ReadRecordAsync())!.IsEnd);
        await net.WaitForEndAsync();
        Assert.Equal(1, net.Endpoint.Cancelled);
        Assert.True(net.Endpoint.Requests.TryPeek(out var request));
        Assert.True(request.SessionClosing.IsCancellationRequested);
    }

    [Fact]
    public async Task PeerVanishingMidRecord_EndsTheSession_AndReturnsThePartlyFilledArray()
    {
        var net = InMemoryNetTcp.Start();
        await using (net)
        {
            var codecs = await net.OpenAsync();
            var record = InMemoryNetTcp.Request(codecs, "cut short", out _);
            await net.Client.SendAsync(record[..(record.Length / 2)]);
            await Task.Delay(100);

            net.Client.Abort();

            await net.WaitForEndAsync();
            await net.Logger.WaitFor(LogLevel.Debug, "mid-record");
        }

        Assert.Equal(0, net.Pool.Outstanding);
    }

    [Fact]
    public async Task PeerVanishingWithMessagesInFlight_CancelsThem_AndLaterSendsAreRefused()
    {
        await using var net = InMemoryNetTcp.Start(new TestEndpoint { Hold = true });
        var codecs = await net.OpenAsync();
        await net.Client.SendAsync([.. InMemoryNetTcp.Request(codecs, "one", out _), .. InMemoryNetTcp.Request(codecs, "two", out _)]);
        await InMemoryNetTcp.WaitForAsync(() => net.Endpoint.Entered == 2, "handlers entered");

        net.Client.Abort();

        await net.WaitForEndAsync();
        Assert.Equal(2, net.Endpoint.Cancelled);
        Assert.True(net.Endpoint.Requests.TryPeek(out var request));
        await Assert.ThrowsAsync<CommunicationObjectAbortedException>(async () =>
            await request.SendAsync(System.ServiceModel.Channels.Message.CreateMessage(SoapRouter.Wire.Bindings.WireBindings.NetTcp.MessageVersion, "urn:late")));
    }

    [Fact]
    public async Task SessionRefusedByAMessageInFlightAfterTheClientsEnd_AnswersTheFault_NotEnd()
    {
        await using var net = InMemoryNetTcp.Start(new TestEndpoint { Hold = true });
        var codecs = await net.OpenAsync();
        await net.Client.SendAsync([.. InMemoryNetTcp.Request(codecs, "one", out var id), .. FramingBytes.End]);
        await InMemoryNetTcp.WaitForAsync(() => net.Endpoint.Session is { ClientEnded: true }, "the client's End was read");

        // What a durable route does with a one-way message it cannot keep: the client's close must fail, not succeed.
        net.Endpoint.Session!.Refuse(FramingFaults.ServerTooBusy);
        net.Endpoint.Release();

        Assert.Equal(("one", id), await net.ReadReplyAsync(codecs));
        await net.Client.ExpectFaultAsync(FramingFaults.ServerTooBusy);
        net.Clock.Advance(TimeSpan.FromSeconds(3));
        await net.WaitForEndAsync();
    }

    [Fact]
    public async Task ReplyOverMaxSentMessageSize_IsNotSent_AndTheSessionDictionaryStaysInStep()
    {
        await using var net = InMemoryNetTcp.Start(limits: new NetTcpSessionLimits { MaxSentMessageSize = 16 * 1024 });
        var codecs = await net.OpenAsync();

        await net.Client.SendAsync(InMemoryNetTcp.Request(codecs, "reply big", out var bigId));
        Assert.Equal(("too big", bigId), await net.ReadReplyAsync(codecs));
        await net.Client.SendAsync(InMemoryNetTcp.Request(codecs, "then small", out var smallId));
        Assert.Equal(("then small", smallId), await net.ReadReplyAsync(codecs));

        Assert.IsType<QuotaExceededException>(Assert.Single(net.Endpoint.SendFailures));
    }

    [Fact]
    public async Task NoConnectionSlot_ReadsThePreamble_AnswersServerTooBusy_AndReleasesNothing()
    {
        var net = InMemoryNetTcp.Start(slotFree: false);
        await using (net)
        {
            await net.Client.SendAsync(FramingBytes.Preamble(InMemoryNetTcp.Via));

            await net.Client.ExpectFaultAsync(FramingFaults.ServerTooBusy);
            net.Clock.Advance(TimeSpan.FromSeconds(3));
            await net.WaitForEndAsync();
        }

        Assert.Equal(0, net.SlotReleases);
        Assert.Equal(0, net.Endpoint.Entered);
    }

    [Fact]
    public async Task HandlersThatThrow_AreLogged_TheirRequestsDisposed_AndTheSessionGoesOn()
    {
        var net = InMemoryNetTcp.Start();
        await using (net)
        {
            var codecs = await net.OpenAsync();
            await net.Client.SendAsync([
                .. InMemoryNetTcp.Request(codecs, "throw now", out _),
                .. InMemoryNetTcp.Request(codecs, "throw later", out _),
                .. InMemoryNetTcp.Request(codecs, "still answered", out var id),
            ]);

            Assert.Equal(("still answered", id), await net.ReadReplyAsync(codecs));
            await InMemoryNetTcp.WaitForAsync(() => net.Logger.Entries.Count(e => e.Level == LogLevel.Warning) == 2, "two warnings");
            await net.Client.SendAsync(FramingBytes.End);
            Assert.True((await net.Client.ReadRecordAsync())!.IsEnd);
        }

        Assert.Equal(0, net.Pool.Outstanding);
    }

    [Fact]
    public async Task UnknownVia_IsEndpointNotFound_BeforeTheEndpointSeesAnything()
    {
        await using var net = InMemoryNetTcp.Start();

        await net.Client.SendAsync(FramingBytes.Preamble(new Uri("net.tcp://backend.test:808/other")));

        await net.Client.ExpectFaultAsync(FramingFaults.EndpointNotFound);
        await net.Logger.WaitFor(LogLevel.Information, "EndpointNotFound");
        Assert.Equal(0, net.Endpoint.Entered);
    }

    [Fact]
    public async Task Constructor_RefusesLimitsThatCannotWork()
    {
        var pipe = new System.IO.Pipelines.Pipe();
        var duplex = new NullDuplex(pipe);
        var logger = Microsoft.Extensions.Logging.Abstractions.NullLogger.Instance;

        Assert.Throws<ArgumentOutOfRangeException>(() => new NetTcpServerSession(duplex, _ => null, new NetTcpSessionLimits { MaxPendingMessages = 0 }, logger));
        Assert.Throws<ArgumentOutOfRangeException>(() => new NetTcpServerSession(duplex, _ => null, new NetTcpSessionLimits { IdleTimeout = TimeSpan.Zero }, logger));
        var session = new NetTcpServerSession(duplex, _ => null, new NetTcpSessionLimits(), logger);
        pipe.Writer.Complete();
        await session.RunAsync(CancellationToken.None).WaitAsync(TimeSpan.FromSeconds(10));
        await Assert.ThrowsAsync<InvalidOperationException>(() => session.RunAsync(CancellationToken.None));
    }

    private sealed class NullDuplex(System.IO.Pipelines.Pipe pipe) : System.IO.Pipelines.IDuplexPipe
    {
        public System.IO.Pipelines.PipeReader Input => pipe.Reader;

        public System.IO.Pipelines.PipeWriter Output { get; } = new System.IO.Pipelines.Pipe().Writer;
    }
}
