using System.Net;
using System.Text;
using Microsoft.Extensions.Logging.Abstractions;
using Samples.Contracts;
using SoapRouter.Configuration;
using SoapRouter.Forwarding;
using SoapRouter.LoadBalancing;
using SoapRouter.Pipeline;
using SoapRouter.Tests.BackendStub;
using SoapRouter.Tests.Pipeline;
using SoapRouter.Tests.Listening;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.Forwarding;

/// <summary>
/// <see cref="MessageSender"/> on its own: one received message (read as the pipeline reads it, on the state the router
/// builds) sent attempt by attempt to real destinations on loopback ports by the sender of each kind (verbatim, re-encoded,
/// net.tcp), and the client's answer made from each reply as the pipeline makes it after forwarding.
/// </summary>
public sealed class MessageSenderTests
{
    [Fact]
    public async Task SendAsync_ListenerBindingDestination_SendsReceivedBytesWithOnlyToSpliced()
    {
        var reply = PipelineEnvelopes.Reply();
        await using var fixture = await PipelineFixture.ToBackendAsync(
            WireBindingNames.Soap12Http, RecordingBackend.Replies(200, SoapMessages.Soap12ContentType, reply));
        var address = fixture.DestinationAddress;
        var request = PipelineEnvelopes.Request();
        using var prepared = Prepare(fixture, "soap12", request);

        var result = await prepared.Sender.SendAsync(prepared.Destination(0), CancellationToken.None);

        var sent = Assert.Single(fixture.Backend.Requests);
        var expected = Encoding.UTF8.GetString(request).Replace($">{PipelineEnvelopes.RouterTo}<", $">{address}<", StringComparison.Ordinal);
        Assert.Equal(expected, Encoding.UTF8.GetString(sent.Body));
        Assert.Equal(ForwardError.None, result.Error);
        using var answer = prepared.Answer(result, prepared.Destination(0));
        Assert.Equal(200, answer.Encoded!.StatusCode);
        Assert.Equal(reply, answer.Encoded.Body.ToArray());
        Assert.Equal(expected.Length, prepared.Sender.SentLength(prepared.Destination(0), fallback: -1));
    }

    [Fact]
    public async Task SendAsync_BasicHttpToBasicHttp_SendsTheReceivedBytesAndSoapActionUnchanged()
    {
        await using var fixture = await PipelineFixture.ToBackendAsync(
            WireBindingNames.BasicHttp, RecordingBackend.Replies(200, SoapMessages.Soap11ContentType, "<reply/>"u8.ToArray()));
        var request = PipelineEnvelopes.Soap11Request();
        using var prepared = Prepare(fixture, "basic", request);

        var result = await prepared.Sender.SendAsync(prepared.Destination(0), CancellationToken.None);

        result.Reply?.Dispose();
        var sent = Assert.Single(fixture.Backend.Requests);
        Assert.Equal(request, sent.Body);
        Assert.Equal("\"urn:echo\"", sent.Header("SOAPAction"));
        Assert.Equal(SoapMessages.Soap11ContentType, sent.Header("Content-Type"));
        Assert.Equal(ForwardError.None, result.Error);
    }

    [Fact]
    public async Task SendAsync_BinaryToBinary_SplicesToInTheMsbin1Bytes()
    {
        await using var fixture = await PipelineFixture.ToBackendAsync(
            WireBindingNames.BinaryHttp, RecordingBackend.Replies(200, SoapMessages.Msbin1ContentType, PipelineEnvelopes.BinaryReply()));
        var address = fixture.DestinationAddress;
        using var prepared = Prepare(fixture, "binary", SoapMessages.ToMsbin1(PipelineEnvelopes.Request()));

        var result = await prepared.Sender.SendAsync(prepared.Destination(0), CancellationToken.None);

        using var answer = prepared.Answer(result, prepared.Destination(0));
        var sent = Assert.Single(fixture.Backend.Requests);
        Assert.Equal(
            new ReadEnvelope("urn:echo", address, PipelineEnvelopes.MessageId, null, false, PipelineEnvelopes.RequestBody),
            PipelineEnvelopes.ReadBinary(sent.Body));
        Assert.Equal(PipelineEnvelopes.BinaryReply(), answer.Encoded!.Body.ToArray());
    }

    [Fact]
    public async Task SendAsync_OtherHttpBinding_WritesMsbin1AndReencodesTheReplyForTheClient()
    {
        await using var fixture = await PipelineFixture.ToBackendAsync(
            WireBindingNames.BinaryHttp, RecordingBackend.Replies(200, SoapMessages.Msbin1ContentType, PipelineEnvelopes.BinaryReply()));
        var address = fixture.DestinationAddress;
        using var prepared = Prepare(fixture, "soap12", PipelineEnvelopes.Request());

        var result = await prepared.Sender.SendAsync(prepared.Destination(0), CancellationToken.None);

        var sent = Assert.Single(fixture.Backend.Requests);
        Assert.StartsWith(SoapMessages.Msbin1ContentType, sent.Header("Content-Type"), StringComparison.Ordinal);
        Assert.Equal(
            new ReadEnvelope("urn:echo", address, PipelineEnvelopes.MessageId, null, false, PipelineEnvelopes.RequestBody),
            PipelineEnvelopes.ReadBinary(sent.Body));
        Assert.Equal(sent.Body.Length, prepared.Sender.SentLength(prepared.Destination(0), fallback: -1));
        Assert.Equal(ForwardError.None, result.Error);
        using var answer = prepared.Answer(result, prepared.Destination(0));
        Assert.Equal(200, answer.Encoded!.StatusCode);
        Assert.Equal(
            new ReadEnvelope("urn:echoResponse", null, null, PipelineEnvelopes.MessageId, false, PipelineEnvelopes.ReplyBody),
            PipelineEnvelopes.ReadText(answer.Encoded.Body));
    }

    [Theory]
    [InlineData(WireBindingNames.Soap12Http, 202)]
    [InlineData(WireBindingNames.Soap12Http, 200)]
    [InlineData(WireBindingNames.BinaryHttp, 202)]
    [InlineData(WireBindingNames.BinaryHttp, 204)]
    public async Task SendAsync_EmptyReply_ReturnsTheOneWayAcknowledgement(string destinationBinding, int backendStatus)
    {
        await using var fixture = await PipelineFixture.ToBackendAsync(destinationBinding, RecordingBackend.Replies(backendStatus, contentType: null, []));
        using var prepared = Prepare(fixture, "soap12", PipelineEnvelopes.OneWayRequest(), oneWay: true);

        var result = await prepared.Sender.SendAsync(prepared.Destination(0), CancellationToken.None);

        Assert.Single(fixture.Backend.Requests);
        Assert.Equal(ForwardError.None, result.Error);
        using var answer = prepared.Answer(result, prepared.Destination(0));
        Assert.True(answer.IsOneWayAck);
        Assert.Equal<(int, long?)>((202, 0), await PipelineFixture.WrittenAsync(answer));
    }

    [Theory]
    [InlineData(WireBindingNames.Soap12Http, 400)]
    [InlineData(WireBindingNames.BinaryHttp, 500)]
    public async Task SendAsync_BackendSoapFault_ReturnsTheFaultAsAnAnswerWith500(string destinationBinding, int backendStatus)
    {
        var (contentType, body) = PipelineEnvelopes.FaultIn(destinationBinding, "Order 42 is rejected.");
        await using var fixture = await PipelineFixture.ToBackendAsync(destinationBinding, RecordingBackend.Replies(backendStatus, contentType, body));
        using var prepared = Prepare(fixture, "soap12", PipelineEnvelopes.Request());

        var result = await prepared.Sender.SendAsync(prepared.Destination(0), CancellationToken.None);

        Assert.Equal(ForwardError.BackendFault, result.Error);
        using var answer = prepared.Answer(result, prepared.Destination(0));
        Assert.True(answer.IsFault);
        Assert.Equal(500, answer.Encoded!.StatusCode);
        var read = PipelineEnvelopes.ReadText(answer.Encoded.Body);
        Assert.Equal((true, "Order 42 is rejected.", PipelineEnvelopes.MessageId), (read.IsFault, read.Body, read.RelatesTo));
    }

    [Theory]
    [InlineData(WireBindingNames.Soap12Http)]
    [InlineData(WireBindingNames.BinaryHttp)]
    public async Task SendAsync_DestinationRefusesConnections_FailsWithConnectionRefused(string destinationBinding)
    {
        using var refusing = FreePort.Refusing();
        await using var fixture = PipelineFixture.CatchAll(ListeningRouter.Cluster(destinationBinding, [$"http://127.0.0.1:{FreePort.PortOf(refusing)}/x"]));
        using var prepared = Prepare(fixture, "soap12", PipelineEnvelopes.Request());

        var result = await prepared.Sender.SendAsync(prepared.Destination(0), CancellationToken.None);

        Assert.Equal(ForwardError.ConnectionRefused, result.Error);
        Assert.Null(result.Reply);
    }

    [Fact]
    public async Task SendAsync_ReencodedReplyNotMsbin1_FailsWithResponseInvalid()
    {
        await using var fixture = await PipelineFixture.ToBackendAsync(
            WireBindingNames.BinaryHttp, RecordingBackend.Replies(200, SoapMessages.Msbin1ContentType, "not msbin1 at all"u8.ToArray()));
        using var prepared = Prepare(fixture, "soap12", PipelineEnvelopes.Request());

        var result = await prepared.Sender.SendAsync(prepared.Destination(0), CancellationToken.None);

        Assert.Single(fixture.Backend.Requests);
        Assert.Equal(ForwardError.ResponseInvalid, result.Error);
        Assert.Null(result.Reply);
    }

    [Fact]
    public async Task SentLength_AttemptsOnTwoDestinations_ReportsEachOnesBytesAndTheFallbackForOthers()
    {
        await using var text = await RecordingBackend.StartAsync(RecordingBackend.Replies(200, SoapMessages.Soap12ContentType, PipelineEnvelopes.Reply()));
        await using var binary = await RecordingBackend.StartAsync(RecordingBackend.Replies(200, SoapMessages.Msbin1ContentType, PipelineEnvelopes.BinaryReply()));
        var cluster = new ClusterConfig
        {
            Destinations =
            [
                new DestinationConfig { Name = "text", Address = text.Address("/soap12"), Binding = WireBindingNames.Soap12Http },
                new DestinationConfig { Name = "unused", Address = text.Address("/unused"), Binding = WireBindingNames.Soap12Http },
            ],
            Backups = [new DestinationConfig { Name = "binary", Address = binary.Address("/binary"), Binding = WireBindingNames.BinaryHttp }],
        };
        await using var fixture = PipelineFixture.CatchAll(cluster);
        using var prepared = Prepare(fixture, "soap12", PipelineEnvelopes.Request());
        var textDestination = prepared.Destination(0);
        var binaryDestination = prepared.Cluster.Backups[0];

        (await prepared.Sender.SendAsync(textDestination, CancellationToken.None)).Reply?.Dispose();
        (await prepared.Sender.SendAsync(binaryDestination, CancellationToken.None)).Reply?.Dispose();

        Assert.Equal(Assert.Single(text.Requests).Body.Length, prepared.Sender.SentLength(textDestination, fallback: -1));
        Assert.Equal(Assert.Single(binary.Requests).Body.Length, prepared.Sender.SentLength(binaryDestination, fallback: -1));
        Assert.Equal(77, prepared.Sender.SentLength(prepared.Destination(1), fallback: 77));
    }

    [Fact]
    public async Task SendAsync_NetTcpDestination_SendsOnASessionAndAnswersTheClientInText()
    {
        await using var stub = await RunningStub.StartWithNetTcpAsync();
        await using var fixture = PipelineFixture.CatchAll(ListeningRouter.Cluster(WireBindingNames.NetTcp, [stub.Address(WireBindings.NetTcp).AbsoluteUri]));
        var request = StubEnvelopes.Echo(WireBindings.Soap12Http, "through net.tcp", to: new Uri(PipelineEnvelopes.RouterTo));
        using var prepared = Prepare(fixture, "soap12", request.Body, action: EchoServiceActions.Echo);

        var result = await prepared.Sender.SendAsync(prepared.Destination(0), CancellationToken.None);

        Assert.Equal(ForwardError.None, result.Error);
        using var answer = prepared.Answer(result, prepared.Destination(0));
        var reply = new StubReply(WireBindings.Soap12Http, HttpStatusCode.OK, answer.Encoded!.ContentType, answer.Encoded.Body.ToArray());
        Assert.Equal(EchoServiceActions.EchoResponse, reply.AddressingHeader("Action"));
        Assert.Equal(request.MessageId, reply.AddressingHeader("RelatesTo"));
        Assert.Equal("through net.tcp", reply.ReadEcho()!.Text);
        Assert.Equal(1, (await stub.StatsAsync()).Actions[EchoServiceActions.Echo]);

        // The text was transcoded to msbin1 and sent on a framing session as bytes: the sender knows their length (the
        // Sized Envelope's payload: the records behind an empty string table).
        Assert.InRange(prepared.Sender.SentLength(prepared.Destination(0), fallback: -1), 200, request.Body.Length);
        Assert.Equal(new SoapRouter.Telemetry.TranscodingSnapshot(1, 1, 0, 0), fixture.Statistics.Snapshot().Paths.Transcoding);
    }

    [Fact]
    public async Task SendAsync_OneWayToNetTcpDestination_WaitsForNoReplyAndAcknowledges()
    {
        await using var stub = await RunningStub.StartWithNetTcpAsync();
        await using var fixture = PipelineFixture.CatchAll(ListeningRouter.Cluster(WireBindingNames.NetTcp, [stub.Address(WireBindings.NetTcp).AbsoluteUri]));
        var request = StubEnvelopes.SubmitOrder(WireBindings.Soap12Http, new Order { CustomerId = 7, OrderId = "pipeline" }, to: new Uri(PipelineEnvelopes.RouterTo));
        using var prepared = Prepare(fixture, "soap12", request.Body, oneWay: true, action: OrderServiceActions.SubmitOrder);

        var result = await prepared.Sender.SendAsync(prepared.Destination(0), CancellationToken.None);

        Assert.Equal(ForwardError.None, result.Error);
        using var answer = prepared.Answer(result, prepared.Destination(0));
        Assert.True(answer.IsOneWayAck);
        await Eventually.TrueAsync(async () => (await stub.StatsAsync()).OneWayReceived == 1, "the stub receives the one-way order");
    }

    /// <summary>
    /// <paramref name="body"/> received on <paramref name="listener"/>, read and (where the cluster may re-encode) buffered
    /// as the pipeline does, with a sender for cluster "c".
    /// </summary>
    private static PreparedSend Prepare(PipelineFixture fixture, string listener, byte[] body, bool oneWay = false, string? action = null)
    {
        var context = fixture.Inbound(listener, body, action ?? (oneWay ? "urn:notify" : "urn:echo"));
        var target = context.State.Target("c")!;
        var received = InboundReader.Read(context, out var error);
        Assert.Null(error);
        Assert.NotNull(received);
        context.Received = received;
        context.Cluster = target.Cluster;
        context.OneWay = oneWay;
        if (target.NeedsReencoding(context.Listener.Binding))
        {
            Assert.True(received.TryBuffer(context));
        }

        var sender = new MessageSender(new OutgoingMessage(context), new DestinationSenders(NullLogger<DestinationSenders>.Instance));
        return new PreparedSend(context, target.Cluster, received, sender);
    }

    private sealed record PreparedSend(MessageContext Context, ClusterState Cluster, ReceivedMessage Received, MessageSender Sender) : IDisposable
    {
        public DestinationState Destination(int index) => Cluster.Primaries[index];

        /// <summary>The client's answer the pipeline makes, after forwarding, from the reply <paramref name="destination"/> sent.</summary>
        public ClientAnswer Answer(AttemptResult<DestinationReply> result, DestinationState destination) =>
            AnswerStep.Make(Context, destination, result.Reply!, NullLogger.Instance)!;

        public void Dispose() => Received.Dispose();
    }
}
