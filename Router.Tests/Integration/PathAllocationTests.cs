using System.Net;
using Microsoft.Extensions.Logging;
using SoapRouter.Configuration;
using SoapRouter.Tests.BackendStub;
using SoapRouter.Tests.Listening;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;
using Xunit.Abstractions;

namespace SoapRouter.Tests.Integration;

/// <summary>
/// What the router allocates per 1 KB message on its two paths: a real router (at its default log level, Information)
/// in front of a real backend, driven by one keep-alive HttpClient. The same client also calls the backend directly;
/// the difference per message between the two is the router's share of the process's allocations, so a hot path that
/// starts allocating again fails here.
/// </summary>
[Collection(AllocationCollection.Name)]
public sealed class PathAllocationTests(ITestOutputHelper output)
{
    // Measured 2026-11-26, side by side in one build: 6.0-6.2 KB per message before the hot path's async methods pooled
    // their state machines, 2.4-2.6 KB after, 2.2 KB once attempt deadlines were reused (the test alone). Inside the whole
    // suite the same build reads 4.5-5.2 KB: something earlier tests leave in the process (not the spans: tracing is off
    // here; not the thread pool's size) makes the router's share larger, cause not established. The budget holds for
    // both (issue 22's target is < 1 KB).
    private const long MaxVerbatimBytesPerMessage = 6 * 1024;

    // Measured 2026-11-26: 119 KB per message, nearly all of it System.Xml's readers and writers (their name tables,
    // node objects and quotas, a new reader for each header read from a buffered message) and WCF's message objects;
    // 41 KB once the outgoing message kept the received headers and was written in one pass from the received text
    // (ForwardedMessage). 51.6 KB on 2026-12-04 before issue 37's second read went; 31.6 KB once the destination's
    // msbin1 reply was written in one pass of a pooled reader over its bytes (no EnvelopeNamespaces.Of, no new reader per
    // header), 26.8 KB once the first attempt took the message WCF read instead of a buffered copy's (ReadAgainBuffer).
    // 4.5 KB (the test alone, 2026-12-04) once the transcoders carried the request and the reply (TextToMsbin1,
    // Msbin1ToText: no WCF reader or writer on this path); the verbatim path's 2.2 KB read 4.5-5.2 KB inside the suite, so
    // the budget leaves room for that. Issue 37's target is < 16 KB. WCF's re-encode (other versions, a shape a
    // transcoder refuses) still allocates about 27 KB.
    private const long MaxReencodeBytesPerMessage = 10 * 1024;

    [ReleaseFact]
    public async Task VerbatimBasicHttp1KB_RouterAllocatesLessThanItsBudgetPerMessage()
    {
        await using var backend = await RecordingBackend.StartAsync(RecordingBackend.Echoes("text/xml; charset=utf-8"));
        await using var router = await ListeningRouter.StartAsync(
            WithoutSpans(ListeningRouter.CatchAll(ListeningRouter.Cluster(WireBindingNames.BasicHttp, [backend.Address()]))), minLevel: LogLevel.Information);
        var request = StubEnvelopes.Echo(WireBindings.BasicHttp, new string('a', 700));
        Assert.InRange(request.Body.Length, 900, 1100);

        var routerBytes = await RouterBytesPerMessageAsync(new Uri(backend.Address()), request, router.Address("basic"), request, messages: 2000);

        Assert.True(routerBytes < MaxVerbatimBytesPerMessage, $"the router allocated {routerBytes} B per 1 KB verbatim message; budget {MaxVerbatimBytesPerMessage} B");
    }

    [ReleaseFact]
    public async Task ReencodedSoap12TextToMsbin1_1KB_RouterAllocatesLessThanItsBudgetPerMessage()
    {
        // The stub answers both: directly in SOAP 1.2 text, through the router in msbin1 (its work per message is alike).
        await using var stub = await RunningStub.StartAsync();
        await using var router = await ListeningRouter.StartAsync(
            WithoutSpans(ListeningRouter.CatchAll(ListeningRouter.Cluster(WireBindingNames.BinaryHttp, [stub.Address(WireBindings.BinaryHttp).ToString()]))),
            minLevel: LogLevel.Information);
        var direct = stub.Address(WireBindings.Soap12Http);
        var routed = router.Address("soap12");

        var routerBytes = await RouterBytesPerMessageAsync(
            direct, StubEnvelopes.Echo(WireBindings.Soap12Http, new string('a', 700), to: direct),
            routed, StubEnvelopes.Echo(WireBindings.Soap12Http, new string('a', 700), to: routed),
            messages: 500);

        Assert.True(routerBytes < MaxReencodeBytesPerMessage, $"the router allocated {routerBytes} B per re-encoded 1 KB message; budget {MaxReencodeBytesPerMessage} B");
    }

    /// <summary>
    /// <paramref name="config"/> with tracing off. The router makes spans only for a listener: in production an OTLP
    /// exporter, which is not on by default; in this process any ActivityListener another test left registered would
    /// add its spans to the count (seen: 5.2 KB instead of 2.2 KB per message in the full suite).
    /// </summary>
    private static RouterConfig WithoutSpans(RouterConfig config) =>
        config with { Telemetry = config.Telemetry with { Tracing = config.Telemetry.Tracing with { Enabled = false } } };

    /// <summary>The router's bytes per message: the process's per routed message minus its per direct message.</summary>
    private async Task<long> RouterBytesPerMessageAsync(Uri direct, StubRequest directRequest, Uri routed, StubRequest routedRequest, int messages)
    {
        using var client = new HttpClient(new SocketsHttpHandler { UseProxy = false }) { Timeout = TimeSpan.FromSeconds(30) };

        // Warm-up: connections opened, JIT tiers settled, pools filled, on both paths.
        await SendAsync(client, direct, directRequest, 500);
        await SendAsync(client, routed, routedRequest, 500);

        var directBytes = await AllocatedPerMessageAsync(client, direct, directRequest, messages);
        var routedBytes = await AllocatedPerMessageAsync(client, routed, routedRequest, messages);
        output.WriteLine($"router: {routedBytes - directBytes} B per message (process: {routedBytes} B routed, {directBytes} B direct)");
        return routedBytes - directBytes;
    }

    /// <summary>
    /// The fewest bytes per message the process allocated in three runs of <paramref name="messages"/>: the count is the
    /// whole process's, and a run that shares its time with work left over from an earlier test (a host shutting down,
    /// a timer) reads more than the path costs.
    /// </summary>
    private static async Task<long> AllocatedPerMessageAsync(HttpClient client, Uri address, StubRequest request, int messages)
    {
        var fewest = long.MaxValue;
        for (var run = 0; run < 3; run++)
        {
            var before = GC.GetTotalAllocatedBytes(precise: true);
            await SendAsync(client, address, request, messages);
            fewest = Math.Min(fewest, (GC.GetTotalAllocatedBytes(precise: true) - before) / messages);
        }

        return fewest;
    }

    private static async Task SendAsync(HttpClient client, Uri address, StubRequest request, int count)
    {
        for (var i = 0; i < count; i++)
        {
            var reply = await client.SendAsync(address, request);
            Assert.Equal(HttpStatusCode.OK, reply.StatusCode);
        }
    }
}
