using System.Net;
using System.Net.Sockets;
using SoapRouter.Configuration;
using SoapRouter.Tests.BackendStub;
using SoapRouter.Tests.Listening;
using SoapRouter.Tests.Listening.Connections;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.Hosting;

/// <summary>
/// shutdown.drainDelay on a real router host: after the stop, /health answers 503 "draining" and a listener's GET
/// (what a load balancer checks) 503, while the listeners still serve; every answer then carries Connection: close,
/// and a keep-alive connection left idle since before the stop is still open for its next request, so no client finds
/// its connection closed under a request. Only after the delay do the listeners close.
/// </summary>
public sealed class RouterDrainDelayTests
{
    private static readonly TimeSpan DrainDelay = TimeSpan.FromSeconds(8);

    [Fact]
    public async Task StopWithADrainDelay_HealthDraining_AnswersCloseTheirConnections_IdleKeepAliveServed_ThenListenersClose()
    {
        await using var stub = await RunningStub.StartAsync();
        var config = ListeningRouter.CatchAll(ListeningRouter.Cluster(WireBindingNames.BasicHttp, [stub.Address(WireBindings.BasicHttp).AbsoluteUri])) with
        {
            Shutdown = new ShutdownConfig { DrainDelay = DrainDelay, DrainTimeout = TimeSpan.FromSeconds(10) },
        };
        await using var router = await ListeningRouter.StartAsync(config);
        var listener = router.Address("basic");
        using var admin = new HttpClient { BaseAddress = router.Host.AdminAddress };
        var request = StubEnvelopes.Echo(WireBindings.BasicHttp, "drain");

        // A keep-alive connection that answers once before the stop and then stays idle.
        using var idle = await RawClient.ConnectAsync(listener);
        Assert.Equal(200, await SendAsync(idle, listener, request));
        Assert.DoesNotContain("Connection: close", idle.LastResponseHead, StringComparison.OrdinalIgnoreCase);
        Assert.Equal(HttpStatusCode.OK, (await admin.GetAsync("/health")).StatusCode);

        var stopping = router.Host.StopAsync();
        await Eventually.TrueAsync(async () => (await admin.GetAsync("/health")).StatusCode == HttpStatusCode.ServiceUnavailable, "/health never said draining");
        var body = await (await admin.GetAsync("/health")).Content.ReadAsStringAsync();
        Assert.Contains("\"status\":\"draining\"", body, StringComparison.Ordinal);

        // Still serving: a new connection gets its answer, marked to close; a listener GET says 503.
        using (var fresh = await RawClient.ConnectAsync(listener))
        {
            Assert.Equal(200, await SendAsync(fresh, listener, request));
            Assert.Contains("Connection: close", fresh.LastResponseHead, StringComparison.OrdinalIgnoreCase);
            Assert.True(await fresh.ClosedByServerAsync(TimeSpan.FromSeconds(5)), "the router kept the connection after Connection: close");
        }

        using (var probe = new HttpClient())
        {
            Assert.Equal(HttpStatusCode.ServiceUnavailable, (await probe.GetAsync(listener)).StatusCode);
        }

        // The connection idle since before the stop was not closed under its client: its next request is answered.
        Assert.False(stopping.IsCompleted, "the drain delay was over before the idle connection was tried");
        Assert.Equal(200, await SendAsync(idle, listener, request));
        Assert.Contains("Connection: close", idle.LastResponseHead, StringComparison.OrdinalIgnoreCase);

        await stopping.WaitAsync(TimeSpan.FromSeconds(60));
        Assert.True(await IsRefusedAsync(listener), "the listener still accepts after the drain");
        Assert.Contains(router.Log.Entries, entry => entry.Message.Contains("the listeners close in 00:00:08", StringComparison.Ordinal));
    }

    private static async Task<int> SendAsync(RawClient client, Uri listener, StubRequest request)
    {
        await client.SendHeadersAsync(listener, request);
        await client.SendAsync(request.Body);
        return await client.ReadResponseAsync(new CancellationTokenSource(TimeSpan.FromSeconds(30)).Token);
    }

    private static async Task<bool> IsRefusedAsync(Uri address)
    {
        using var socket = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);
        try
        {
            await socket.ConnectAsync(IPAddress.Loopback, address.Port);
            return false;
        }
        catch (SocketException ex) when (ex.SocketErrorCode == SocketError.ConnectionRefused)
        {
            return true;
        }
    }
}
