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

        // 1: the whole request at once, on loopback. Far under the 5 ms a handler-timed body would need to count.
        await client.SendHeadersAsync(address, request);
        await client.SendAsync(body);
        Assert.Equal(200, await client.ReadResponseAsync());
        var afterFast = router.Host.Compression.Listener(listener).Selector.GetState()!;
        Assert.Equal(1, afterFast.BandwidthSamples);
        Assert.True(afterFast.BandwidthBytesPerSecond > 1_000_000, $"{afterFast.BandwidthBytesPerSecond:N0} B/s for a body sent at once on loopback");

        // 2: after 1.5 s idle, half the body, 400 ms, the other half.
        await Task.Delay(TimeSpan.FromSeconds(1.5));
        await client.SendHeadersAsync(address, request);
        await client.SendAsync(body.AsMemory(0, body.Length / 2));
        await Task.Delay(TimeSpan.FromMilliseconds(400));
        await client.SendAsync(body.AsMemory(body.Length / 2));
        Assert.Equal(200, await client.ReadResponseAsync());
        var afterSlow = router.Host.Compression.Listener(listener).Selector.GetState()!;
        Assert.Equal(2, afterSlow.BandwidthSamples);

        // The estimate is average bytes over average seconds: recover the second body's time from the two estimates.
        var first = body.Length / afterFast.BandwidthBytesPerSecond;
        var second = first + (((body.Length / afterSlow.BandwidthBytesPerSecond) - first) / options.Smoothing);
        Assert.InRange(second, 0.38, 1.4);
    }
}
