using System.Diagnostics;
using SoapRouter.Tests.BackendStub;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Compression;

namespace SoapRouter.Tests.Listening.Connections;

/// <summary>
/// A listener that learns its clients' bandwidth times each request body from the request's first byte on the
/// connection (RequestArrival's middleware), so a body that arrives at once on a fast link teaches a fast link, and a
/// body that trickles teaches its own time, not the idle gap before it on a kept-alive connection. (Where TCP_INFO can
/// be read the listener learns from it instead; these routers are told not to.)
/// </summary>
public sealed class RequestArrivalTests
{
    [Fact]
    public async Task RequestBodies_AreTimedFromTheirFirstByte_OnAKeptAliveConnection()
    {
        await using var stub = await RunningStub.StartAsync();
        var config = ListeningRouter.CatchAll(ListeningRouter.Cluster(WireBindingNames.BasicHttp, [stub.Address(WireBindings.BasicHttp).AbsoluteUri]));
        var options = new CompressionOptions { Mode = LinkCompressionMode.Adaptive };
        await using var router = await ListeningRouter.StartAsync(config with
        {
            Listeners = [.. config.Listeners.Select(listener => listener with { Compression = options })],
        }, probesTcp: false);
        var listener = config.Listeners[0].Name;
        var address = router.Address(listener);
        var request = StubEnvelopes.Echo(WireBindings.BasicHttp, new string('x', 64 * 1024), address);
        var body = request.Body;
        using var client = await RawClient.ConnectAsync(address);

        // The bounds below are what the test itself saw, on the same monotonic clock as the router's: no wall-clock
        // allowance for a loaded machine is needed, since a late thread only widens what the client saw.
        // 1: the whole request at once, on loopback. Counted though far under the 5 ms a handler-timed body would need,
        // and no longer than the client's whole exchange.
        var exchange = Stopwatch.StartNew();
        await client.SendHeadersAsync(address, request);
        await client.SendAsync(body);
        Assert.Equal(200, await client.ReadResponseAsync());
        exchange.Stop();
        var afterFast = router.Host.Compression.Listener(listener).Selector.GetState()!;
        Assert.Equal(1, afterFast.BandwidthSamples);
        var first = body.Length / afterFast.BandwidthBytesPerSecond;
        Assert.True(first <= exchange.Elapsed.TotalSeconds, $"{first:F4} s for a body whose whole exchange took {exchange.Elapsed.TotalSeconds:F4} s");

        // 2: after 1.5 s idle, the headers; once the router has taken them in (its 100 Continue), half the body, 400 ms,
        // the other half.
        await Task.Delay(TimeSpan.FromSeconds(1.5));
        exchange.Restart();
        await client.SendHeadersAsync(address, request, expectContinue: true);
        await client.ReadContinueAsync();
        var trickle = Stopwatch.StartNew();
        await client.SendAsync(body.AsMemory(0, body.Length / 2));
        await Task.Delay(TimeSpan.FromMilliseconds(400));
        var heldBack = trickle.Elapsed;
        await client.SendAsync(body.AsMemory(body.Length / 2));
        Assert.Equal(200, await client.ReadResponseAsync());
        exchange.Stop();
        var afterSlow = router.Host.Compression.Listener(listener).Selector.GetState()!;
        Assert.Equal(2, afterSlow.BandwidthSamples);

        // The estimate is average bytes over average seconds: recover the second body's time from the two estimates. Its
        // first byte came before the 100 Continue and its last after the held-back half: at least that pause. The 1.5 s
        // idle before it is not in it: at most the client's own exchange.
        var second = first + (((body.Length / afterSlow.BandwidthBytesPerSecond) - first) / options.Smoothing);
        Assert.InRange(second, heldBack.TotalSeconds, exchange.Elapsed.TotalSeconds);
    }
}
