using System.ServiceModel;
using System.ServiceModel.Channels;
using System.Xml;
using BackendStub.Hosting;
using Microsoft.Extensions.Logging.Abstractions;
using Samples.Contracts;
using SoapRouter.Configuration;
using SoapRouter.Tests.BackendStub;
using SoapRouter.Tests.BackendStub.Wcf;
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
/// message the translator cannot read ends its session (the dictionary cannot be trusted past it), and only that one.
/// </summary>
public sealed class NetTcpFramedPathTests
{
    [Fact]
    public async Task TwoRequestsWithOneMessageId_OnOnePooledSession_EachGetsItsOwnReply()
    {
        // The stub holds each request long enough for both to wait on the one pooled session at once.
        await using var stub = await RunningStub.StartWithNetTcpAsync(new StubOptions { Latency = TimeSpan.FromMilliseconds(400) });
        await using var router = await ListeningRouter.StartAsync(new RouterConfig
        {
            Listeners = [TestConfigs.Listener("tcp", WireBindingNames.NetTcp, "net.tcp://127.0.0.1:0/router/tcp")],
            Routes = [TestConfigs.Route("all", "c", TestConfigs.MatchAll()) with { Sessions = SessionModes.Multiplex }],
            Clusters = new Dictionary<string, ClusterConfig>
            {
                ["c"] = ListeningRouter.Cluster(WireBindingNames.NetTcp, [stub.Address(WireBindings.NetTcp).ToString()]),
            },
            Limits = new LimitsConfig { NetTcp = new NetTcpLimitsConfig { SessionsPerDestination = 1 } },
        });
        var address = router.Address("tcp");
        var replies = new SessionReplies();
        await using var client = await NetTcpFramingClient.ConnectAsync(address, NetTcpFramingClientOptions.Default, replies, NullLogger.Instance, CancellationToken.None);
        var writer = WireBindings.NetTcp.CreateCodec(WireLimits.Default);
        var id = new UniqueId();

        foreach (var text in new[] { "first", "second" })
        {
            var request = Message.CreateMessage(
                MessageVersion.Soap12WSAddressing10, EchoServiceActions.Echo, OperationMessages.EchoRequest.ToBody(new EchoPayload { Text = text }));
            request.Headers.MessageId = id;
            request.Headers.ReplyTo = new EndpointAddress(EndpointAddress.AnonymousUri);
            request.Headers.To = address;
            using var bytes = writer.Write(request);
            await client.SendAsync(bytes.Array.AsMemory(bytes.Offset, bytes.Count), CancellationToken.None);
        }

        var answers = await replies.TakeAsync(2);

        Assert.All(answers, answer => Assert.Equal(id.ToString(), answer.RelatesTo));
        Assert.Equal(["first", "second"], answers.Select(answer => answer.Text).Order());
    }

    [Fact]
    public async Task BodyBrokenBelowTheHeaders_EndsThatSession_AndTheRouterServesTheNextOne()
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
        await using (var client = await NetTcpFramingClient.ConnectAsync(address, NetTcpFramingClientOptions.Default, replies, NullLogger.Instance, CancellationToken.None))
        {
            // A record type no [MC-NBFX] reader knows, in place of the body text's: WCF's readers refuse it too.
            var request = Message.CreateMessage(
                MessageVersion.Soap12WSAddressing10, EchoServiceActions.Echo, OperationMessages.EchoRequest.ToBody(new EchoPayload { Text = "BROKEN-HERE" }));
            request.Headers.MessageId = new UniqueId();
            request.Headers.ReplyTo = new EndpointAddress(EndpointAddress.AnonymousUri);
            request.Headers.To = address;
            using var bytes = WireBindings.NetTcp.CreateCodec(WireLimits.Default).Write(request);
            var payload = bytes.Array.AsSpan(bytes.Offset, bytes.Count).ToArray();
            var text = payload.AsSpan().IndexOf("BROKEN-HERE"u8);
            Assert.True(text > 2, "the body text was not found in the payload");
            payload[text - 2] = 0xFF;

            await client.SendAsync(payload, CancellationToken.None);

            var end = await replies.EndedAsync();
            Assert.False(end.IsGraceful, $"the session ended {end.Reason}: {end.Detail}");
        }

        Assert.Equal(0, replies.Count);
        using var wcf = StubWcfClient<IEchoService>.Create(WireBindings.NetTcp, address);
        Assert.Equal("after", (await wcf.Channel.EchoAsync(new EchoPayload { Text = "after" })).Text);
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
            var body = message.GetReaderAtBodyContents();
            var echoed = OperationMessages.EchoResponse.Read(body);
            lock (_answers)
            {
                _answers.Add((message.Headers.RelatesTo?.ToString(), echoed?.Text));
            }
        }

        public int Count
        {
            get
            {
                lock (_answers)
                {
                    return _answers.Count;
                }
            }
        }

        public void OnEnded(NetTcpFramingEnd end) => _ended.TrySetResult(end);

        public Task<NetTcpFramingEnd> EndedAsync() => _ended.Task.WaitAsync(TimeSpan.FromSeconds(20));

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
