using Microsoft.Extensions.Logging;
using System.Net;
using SoapRouter.Tests.BackendStub;
using SoapRouter.Tests.Listening;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;
using Xunit.Abstractions;

namespace SoapRouter.Tests.Integration;

/// <summary>
/// What the router allocates per verbatim basicHttp message: a real router in front of a real Kestrel backend, driven by
/// one keep-alive HttpClient. The same client also calls the backend directly; the difference per message between the
/// two runs is the router's share of the process's allocations, so a hot path that starts allocating again fails here.
/// </summary>
[Collection(AllocationCollection.Name)]
public sealed class VerbatimAllocationTests(ITestOutputHelper output)
{
    private const int Messages = 2000;

    // Measured 2026-11-26 at the router's default log level (Information), side by side in one build: 6.0-6.2 KB per
    // message before the hot path's async methods pooled their state machines, 2.6 KB after. Budget ~1.5x that (issue 22's
    // target is < 1 KB).
    private const long MaxRouterBytesPerMessage = 4 * 1024;

    [Fact]
    public async Task VerbatimBasicHttp1KB_RouterAllocatesLessThanItsBudgetPerMessage()
    {
        await using var backend = await RecordingBackend.StartAsync(RecordingBackend.Echoes("text/xml; charset=utf-8"));
        await using var router = await ListeningRouter.StartAsync(
            ListeningRouter.CatchAll(ListeningRouter.Cluster(WireBindingNames.BasicHttp, [backend.Address()])), minLevel: LogLevel.Information);
        using var client = new HttpClient(new SocketsHttpHandler { UseProxy = false }) { Timeout = TimeSpan.FromSeconds(30) };
        var request = StubEnvelopes.Echo(WireBindings.BasicHttp, new string('a', 700));
        Assert.InRange(request.Body.Length, 900, 1100);
        var direct = new Uri(backend.Address());
        var routed = router.Address("basic");

        // Warm-up: connections opened, JIT tiers settled, pools filled, on both paths.
        await SendAsync(client, direct, request, 500);
        await SendAsync(client, routed, request, 500);

        var directBytes = await AllocatedPerMessageAsync(client, direct, request);
        var routedBytes = await AllocatedPerMessageAsync(client, routed, request);
        var routerBytes = routedBytes - directBytes;
        output.WriteLine($"router: {routerBytes} B per message (process: {routedBytes} B routed, {directBytes} B direct)");

        Assert.True(
            routerBytes < MaxRouterBytesPerMessage,
            $"the router allocated {routerBytes} B per 1 KB verbatim message (process: {routedBytes} B routed, {directBytes} B direct); budget {MaxRouterBytesPerMessage} B");
    }

    /// <summary>
    /// The fewest bytes per message the process allocated in three runs of <see cref="Messages"/>: the count is the
    /// whole process's, and a run that shares its time with work left over from an earlier test (a host shutting down,
    /// a timer) reads more than the path costs.
    /// </summary>
    private static async Task<long> AllocatedPerMessageAsync(HttpClient client, Uri address, StubRequest request)
    {
        var fewest = long.MaxValue;
        for (var run = 0; run < 3; run++)
        {
            var before = GC.GetTotalAllocatedBytes(precise: true);
            await SendAsync(client, address, request, Messages);
            fewest = Math.Min(fewest, (GC.GetTotalAllocatedBytes(precise: true) - before) / Messages);
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
