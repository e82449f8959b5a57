using System.Diagnostics;
using System.Net;
using System.Net.Sockets;
using System.Text;
using Microsoft.Extensions.Logging;
using SoapRouter.Configuration;
using SoapRouter.Telemetry;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.Listening;

/// <summary>
/// A client that goes away after its message's outcome was recorded and before the router wrote its answer (the backend's
/// reply, or the router's own refusal): the message was counted once, with that answer; the abort is not a second outcome
/// (no ClientAborted fault on top of a success or of a refusal).
/// </summary>
public sealed class AnswerAbortTests
{
    [Fact]
    public async Task ClientResetsBeforeItsAnswerIsWritten_CountedOnceAsAnswered_NoClientAbortedFault()
    {
        await using var scene = await AbortScene.StartAsync();
        var (router, socket, traceId, address) = (scene.Router, scene.Socket, scene.TraceId, scene.Router.Address("basic"));

        // The attempt's span ends when the backend's reply is in the router's hands: the client resets its connection
        // there (linger 0, as a client that crashes leaves), and the router's thread waits so its Kestrel sees the reset
        // before the answer is written: 4 s, since on a loaded 2-core machine 300 ms, and once in a CI run 1.5 s, was too
        // short for Kestrel's read loop to run (the answer then went out whole and the test waited for a line that never came).
        using var resetOnReply = new ActivityListener
        {
            ShouldListenTo = source => source.Name == RouterTelemetry.Name,
            Sample = static (ref ActivityCreationOptions<ActivityContext> _) => ActivitySamplingResult.AllDataAndRecorded,
            ActivityStopped = span =>
            {
                if (span.TraceId == traceId && span.Kind == ActivityKind.Client)
                {
                    ResetAndWait(socket);
                }
            },
        };
        ActivitySource.AddActivityListener(resetOnReply);

        await socket.SendAsync(Request(address, $"00-{traceId}-{ActivitySpanId.CreateRandom()}-01"));

        // The message's server span ends after the listener is done with it, the abort's handling included.
        var server = await scene.ServerSpanAsync();
        await router.Log.WaitFor(LogLevel.Debug, "the client went away while its answer was being written").WaitAsync(TimeSpan.FromSeconds(30));
        var stats = router.Statistics.Snapshot();
        Assert.Equal(1, stats.Messages);
        Assert.Equal(0, stats.Faults.ClientAborted);
        Assert.Equal(0, stats.Faults.BadRequest);
        Assert.Equal(1, stats.Routes["all"].Messages);
        Assert.Equal(0, stats.Routes["all"].Failures);
        Assert.Equal(1, router.Statistics.Listener("basic").Messages);
        Assert.Equal(0, router.Statistics.Listener("basic").Failures);
        Assert.Equal("ok", server.GetTagItem(SpanTags.Outcome));
    }

    [Fact]
    public async Task ClientResetsBeforeItsRefusalIsWritten_CountedOnceAsRefused_NoClientAbortedFault()
    {
        await using var scene = await AbortScene.StartAsync();
        var (router, socket, traceId, address) = (scene.Router, scene.Socket, scene.TraceId, scene.Router.Address("basic"));

        // The refusal (415: a content type the listener does not read) is counted, then logged, then written: the client
        // resets its connection when it is logged, and the router's thread waits so its Kestrel sees the reset before the
        // refusal is written (4 s, as above). The write then fails with the client gone, after the outcome was recorded.
        router.Log.OnEntry = (level, message) =>
        {
            if (level == LogLevel.Debug && message.Contains("refused a message with HTTP 415", StringComparison.Ordinal))
            {
                ResetAndWait(socket);
            }
        };

        await socket.SendAsync(Request(address, $"00-{traceId}-{ActivitySpanId.CreateRandom()}-01", "text/html"));

        var server = await scene.ServerSpanAsync();
        await router.Log.WaitFor(LogLevel.Debug, "the client went away").WaitAsync(TimeSpan.FromSeconds(30));
        var stats = router.Statistics.Snapshot();
        Assert.Equal(1, stats.Messages);
        Assert.Equal(1, stats.Faults.BadRequest);
        Assert.Equal(0, stats.Faults.ClientAborted);
        Assert.Equal(1, FaultKindNames.All.Sum(kind => router.Statistics.Faults(kind.Kind)));
        Assert.Equal(1, router.Statistics.Listener("basic").Messages);
        Assert.Equal(1, router.Statistics.Listener("basic").Failures);
        Assert.Equal(FaultKindNames.Of(FaultKind.BadRequest), server.GetTagItem(SpanTags.Outcome));
        Assert.Empty(scene.Backend.Requests);
    }

    /// <summary>
    /// Resets the connection (linger 0, as a client that crashes leaves) and holds the router's calling thread 4 s, so its
    /// Kestrel sees the reset before the router goes on to write.
    /// </summary>
    private static void ResetAndWait(Socket socket)
    {
        socket.LingerState = new LingerOption(true, 0);
        socket.Close();
        Thread.Sleep(TimeSpan.FromMilliseconds(4000));
    }

    /// <summary>A SOAP 1.1 request with its traceparent, as bytes on an HTTP/1.1 connection.</summary>
    private static byte[] Request(Uri address, string traceParent, string contentType = SoapMessages.Soap11ContentType)
    {
        var body = SoapMessages.Soap11(1024);
        var head = Encoding.ASCII.GetBytes(
            $"POST {address.PathAndQuery} HTTP/1.1\r\nHost: {address.Authority}\r\nContent-Type: {contentType}\r\n"
            + $"SOAPAction: \"urn:echo\"\r\ntraceparent: {traceParent}\r\nContent-Length: {body.Length}\r\n\r\n");
        return [.. head, .. body];
    }

    /// <summary>
    /// An echo backend, the router with tracing on and one catch-all route to it (basicHttp), the spans collected, and a
    /// raw TCP connection to the "basic" listener for one message of trace <see cref="TraceId"/>.
    /// </summary>
    private sealed record AbortScene(SpanCollector Spans, RecordingBackend Backend, ListeningRouter Router, Socket Socket) : IAsyncDisposable
    {
        public ActivityTraceId TraceId { get; } = ActivityTraceId.CreateRandom();

        public static async Task<AbortScene> StartAsync()
        {
            var spans = new SpanCollector(RouterTelemetry.Name);
            var backend = await RecordingBackend.StartAsync(RecordingBackend.Echoes(SoapMessages.Soap11ContentType));
            var router = await ListeningRouter.StartAsync(ListeningRouter.CatchAll(ListeningRouter.Cluster(WireBindingNames.BasicHttp, [backend.Address()])) with
            {
                Telemetry = new TelemetryConfig { Tracing = new TracingConfig() },
            });
            var socket = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);
            await socket.ConnectAsync(new IPEndPoint(IPAddress.Loopback, router.Address("basic").Port));
            return new AbortScene(spans, backend, router, socket);
        }

        /// <summary>The message's server span, once it has ended (after the listener is done with the message).</summary>
        public async Task<Activity> ServerSpanAsync()
        {
            await Eventually.TrueAsync(
                () => Task.FromResult(Spans.OfTrace(TraceId).Any(span => span.Kind == ActivityKind.Server)), "the message's server span has ended");
            return Assert.Single(Spans.OfTrace(TraceId), span => span.Kind == ActivityKind.Server);
        }

        public async ValueTask DisposeAsync()
        {
            Socket.Dispose();
            await Router.DisposeAsync();
            await Backend.DisposeAsync();
            Spans.Dispose();
        }
    }
}
