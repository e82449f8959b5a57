using System.ServiceModel;
using System.ServiceModel.Channels;
using System.Xml;
using BackendStub.Hosting;
using Microsoft.Extensions.Logging.Abstractions;
using Samples.Contracts;
using SoapRouter.Configuration;
using SoapRouter.Tests.BackendStub;
using SoapRouter.Tests.Configuration;
using SoapRouter.Tests.Listening;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Encoding;
using SoapRouter.Wire.Framing;

namespace SoapRouter.Tests.Integration;

/// <summary>
/// The net.tcp path without WCF's reader and writer, seen from a client that writes its own session messages (WCF's
/// session encoder over the router's own framing client): a message goes to the pooled destination session with the
/// client's own MessageID, so a second request with the same MessageID waiting at the same time cannot be told apart by
/// its reply and must go the way the router writes (an id of its own), and each request still gets its own reply; a
/// message whose body the translator cannot read is answered with a fault, and its session goes on.
/// </summary>
public sealed class NetTcpFramedPathTests
{
    [Fact]
    public async Task TwoRequestsWithOneMessageId_OnOnePooledSession_EachGetsItsOwnReply()
    {
        // The stub holds each request long enough for both to wait on the one pooled session at once.
        await using var stub = await RunningStub.StartWithNetTcpAsync(new StubOptions { Latency = TimeSpan.FromMilliseconds(400) });
        await using var router = await StartOnOnePooledSessionAsync(stub);
        var address = router.Address("tcp");
        var replies = new SessionReplies();
        await using var client = await NetTcpFramingClient.ConnectAsync(address, NetTcpFramingClientOptions.Default, replies, NullLogger.Instance, CancellationToken.None);
        var writer = WireBindings.NetTcp.CreateCodec(WireLimits.Default);
        var id = new UniqueId();

        foreach (var text in new[] { "first", "second" })
        {
            await client.SendAsync(Encode(writer, address, id, text), CancellationToken.None);
        }

        var answers = await replies.TakeAsync(2);

        Assert.All(answers, answer => Assert.Equal(id.ToString(), answer.RelatesTo));
        Assert.Equal(["first", "second"], answers.Select(answer => answer.Text).Order());
    }

    [Fact]
    public async Task RequestOnAPooledSessionPastItsTimeout_AnsweredWithTheTimeoutFault_AndTheLateReplyIsDropped()
    {
        // The pooled session's wait for a reply ends with the attempt's deadline (the request's own token, no wait around
        // it): the client hears the timeout fault long before the stub answers, and once, the late reply going nowhere.
        await using var stub = await RunningStub.StartWithNetTcpAsync(new StubOptions { Latency = TimeSpan.FromMilliseconds(1500) });
        await using var router = await StartOnOnePooledSessionAsync(stub, requestTimeout: TimeSpan.FromMilliseconds(300));
        var address = router.Address("tcp");
        var replies = new SessionReplies();
        await using var client = await NetTcpFramingClient.ConnectAsync(address, NetTcpFramingClientOptions.Default, replies, NullLogger.Instance, CancellationToken.None);
        var writer = WireBindings.NetTcp.CreateCodec(WireLimits.Default);
        var id = new UniqueId();
        var sent = System.Diagnostics.Stopwatch.StartNew();
        await client.SendAsync(Encode(writer, address, id, "slow"), CancellationToken.None);

        var answers = await replies.TakeAsync(1);
        var answeredAfter = sent.Elapsed;
        await Task.Delay(TimeSpan.FromMilliseconds(2000));

        Assert.Equal([(id.ToString(), "fault: " + SoapRouter.Pipeline.PipelineFaults.TimedOut)], answers);
        Assert.True(answeredAfter < TimeSpan.FromMilliseconds(1400), $"the timeout fault came after {answeredAfter.TotalMilliseconds:F0} ms");
        Assert.Single(await replies.TakeAsync(1));
        Assert.True(client.IsOpen, "the session ended");
    }

    [Fact]
    public async Task BodyBrokenBelowTheHeaders_AnsweredWithASenderFault_AndTheSessionGoesOn()
    {
        await BrokenMessageIsAnsweredAndTheSessionGoesOnAsync((writer, to, id) =>
        {
            // A record type no [MC-NBFX] reader knows, in place of the body text's: WCF's readers refuse it too. The session
            // dictionary is still in step (its string table was read), so only this message fails, as it did when WCF's
            // session reader read the headers and the body check read the rest.
            var payload = Encode(writer, to, id, "BROKEN-HERE");
            var text = payload.AsSpan().IndexOf("BROKEN-HERE"u8);
            Assert.True(text > 2, "the body text was not found in the payload");
            payload[text - 2] = 0xFF;
            return payload;
        });
    }

    [Fact]
    public async Task TranslatedButUnbalancedBody_AnsweredWithASenderFault_AndTheSessionGoesOn()
    {
        await BrokenMessageIsAnsweredAndTheSessionGoesOnAsync((writer, to, id) =>
        {
            // The body text's record with or without its element's end flipped: every record is still one the translator knows
            // (the router's own reader reads the message), but the elements no longer balance. Its reader refuses it, WCF's
            // reads the headers, and the body check answers with a fault related to the call.
            var payload = Encode(writer, to, id, "UNBALANCED");
            var text = payload.AsSpan().IndexOf("UNBALANCED"u8);
            Assert.True(text > 2, "the body text was not found in the payload");
            Assert.True(payload[text - 2] is 0x98 or 0x99, $"record 0x{payload[text - 2]:X2} is not a Chars8 text record");
            payload[text - 2] ^= 1;
            return payload;
        });
    }

    /// <summary>
    /// Sends the message <paramref name="broken"/> makes (with the session's writer, to the router's address, with the
    /// MessageID given) and a good one after it on one session: the first is answered with the body check's Sender fault related to it, the second as usual,
    /// and the session stays open.
    /// </summary>
    private static async Task BrokenMessageIsAnsweredAndTheSessionGoesOnAsync(Func<MessageCodec, Uri, UniqueId, byte[]> broken)
    {
        await using var stub = await RunningStub.StartWithNetTcpAsync();
        await using var router = await ListeningRouter.StartAsync(new RouterConfig
        {
            Listeners = [TestConfigs.Listener("tcp", WireBindingNames.NetTcp, "net.tcp://127.0.0.1:0/router/tcp")],
            Routes = [TestConfigs.Route("all", "c", TestConfigs.MatchAll())],
            Clusters = new Dictionary<string, ClusterConfig>
            {
                ["c"] = ListeningRouter.Cluster(WireBindingNames.NetTcp, [stub.Address(WireBindings.NetTcp).ToString()]),
            },
        });
        var address = router.Address("tcp");
        var replies = new SessionReplies();
        await using var client = await NetTcpFramingClient.ConnectAsync(address, NetTcpFramingClientOptions.Default, replies, NullLogger.Instance, CancellationToken.None);
        var writer = WireBindings.NetTcp.CreateCodec(WireLimits.Default);
        var brokenId = new UniqueId();
        var after = new UniqueId();
        var payload = broken(writer, address, brokenId);
        await client.SendAsync(payload, CancellationToken.None);
        await client.SendAsync(Encode(writer, address, after, "after"), CancellationToken.None);

        var answers = await replies.TakeAsync(2);

        Assert.Contains((brokenId.ToString(), "fault: The message body could not be read."), answers);
        Assert.Contains((after.ToString(), "after"), answers);
        Assert.True(client.IsOpen, "the session ended");
    }

    /// <summary>A router whose one route sends everything multiplexed on one pooled session to the stub's net.tcp endpoint.</summary>
    private static Task<ListeningRouter> StartOnOnePooledSessionAsync(RunningStub stub, TimeSpan? requestTimeout = null) =>
        ListeningRouter.StartAsync(new RouterConfig
        {
            Listeners = [TestConfigs.Listener("tcp", WireBindingNames.NetTcp, "net.tcp://127.0.0.1:0/router/tcp")],
            Routes = [TestConfigs.Route("all", "c", TestConfigs.MatchAll()) with { Sessions = SessionModes.Multiplex }],
            Clusters = new Dictionary<string, ClusterConfig>
            {
                ["c"] = ListeningRouter.Cluster(WireBindingNames.NetTcp, [stub.Address(WireBindings.NetTcp).ToString()], requestTimeout: requestTimeout),
            },
            Limits = new LimitsConfig { NetTcp = new NetTcpLimitsConfig { SessionsPerDestination = 1 } },
        });

    private static byte[] Encode(MessageCodec writer, Uri to, UniqueId id, string text)
    {
        var request = Message.CreateMessage(
            MessageVersion.Soap12WSAddressing10, EchoServiceActions.Echo, OperationMessages.EchoRequest.ToBody(new EchoPayload { Text = text }));
        request.Headers.MessageId = id;
        request.Headers.ReplyTo = new EndpointAddress(EndpointAddress.AnonymousUri);
        request.Headers.To = to;
        using var bytes = writer.Write(request);
        return bytes.Array.AsSpan(bytes.Offset, bytes.Count).ToArray();
    }

    /// <summary>Reads what the router sends back in order, with a session reader of its own, as a WCF client's channel would.</summary>
    private sealed class SessionReplies : INetTcpFramingClientHandler
    {
        private readonly MessageCodec _reader = WireBindings.NetTcp.CreateCodec(WireLimits.Default);
        private readonly List<(string? RelatesTo, string? Text)> _answers = [];
        private readonly TaskCompletionSource<NetTcpFramingEnd> _ended = new(TaskCreationOptions.RunContinuationsAsynchronously);

        public void OnPayload(ReadOnlySpan<byte> payload)
        {
            var message = _reader.Read(new ArraySegment<byte>(payload.ToArray()));
            var text = message.IsFault
                ? "fault: " + MessageFault.CreateFault(message, int.MaxValue).Reason.GetMatchingTranslation().Text
                : OperationMessages.EchoResponse.Read(message.GetReaderAtBodyContents())?.Text;
            lock (_answers)
            {
                _answers.Add((message.Headers.RelatesTo?.ToString(), text));
            }
        }

        public void OnEnded(NetTcpFramingEnd end) => _ended.TrySetResult(end);

        public async Task<List<(string? RelatesTo, string? Text)>> TakeAsync(int count)
        {
            var deadline = DateTime.UtcNow.AddSeconds(20);
            while (DateTime.UtcNow < deadline)
            {
                lock (_answers)
                {
                    if (_answers.Count >= count)
                    {
                        return [.. _answers];
                    }
                }

                if (_ended.Task.IsCompleted)
                {
                    break;
                }

                await Task.Delay(20);
            }

            lock (_answers)
            {
                Assert.Fail($"{_answers.Count} of {count} replies came back");
                return [];
            }
        }
    }
}
