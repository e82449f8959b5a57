using System.Net;
using Microsoft.Extensions.Logging;
using SoapRouter.Configuration;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.Listening.Connections;

/// <summary>Clients that send slowly, and clients that send too much, on real loopback sockets.</summary>
public sealed class SlowClientTests
{
    private static readonly HttpClient Client = new(new SocketsHttpHandler { UseProxy = false }) { Timeout = TimeSpan.FromSeconds(10) };

    [Fact]
    public async Task MoreSlowBodiesThanSlots_NormalClientsMeanwhileGetNo503()
    {
        await using var backend = await RecordingBackend.StartAsync(RecordingBackend.Echoes(SoapMessages.Soap11ContentType));
        var limits = new LimitsConfig { MaxConcurrentRequests = 4 };
        await using var router = await ListeningRouter.StartAsync(ListeningRouter.CatchAll(ListeningRouter.Cluster(WireBindingNames.BasicHttp, [backend.Address()]), limits));
        var address = router.Address("basic");
        var body = SoapMessages.Soap11(4000);

        // Eight clients send their headers and then 40 bytes every 50 ms (800 B/s, above Kestrel's minimum rate).
        using var stop = new CancellationTokenSource();
        var slow = new List<RawClient>();
        var trickling = new List<Task>();
        try
        {
            for (var i = 0; i < 8; i++)
            {
                var client = await RawClient.ConnectAsync(address);
                slow.Add(client);
                await client.SendHeadersAsync(address, body);
                trickling.Add(client.TrickleAsync(body, 40, TimeSpan.FromMilliseconds(50), stop.Token));
            }

            await Task.Delay(200);
            for (var i = 0; i < 20; i++)
            {
                using var request = SoapMessages.Request(address, "basic", SoapMessages.Soap11(200));
                using var response = await Client.SendAsync(request);
                Assert.Equal(HttpStatusCode.OK, response.StatusCode);
            }

            Assert.All(trickling, task => Assert.False(task.IsCompleted));
        }
        finally
        {
            await stop.CancelAsync();
            await Task.WhenAll(trickling).WaitAsync(TimeSpan.FromSeconds(5));
            foreach (var client in slow)
            {
                client.Dispose();
            }
        }

        Assert.Equal(0, router.Statistics.Snapshot().Faults.RouterBusy);
    }

    [Fact]
    public async Task BodyNotCompleteWithinRequestBodyTimeout_ClientDroppedAndCounted_OthersServed()
    {
        await using var backend = await RecordingBackend.StartAsync(RecordingBackend.Echoes(SoapMessages.Soap11ContentType));
        var limits = new LimitsConfig { RequestBodyTimeout = TimeSpan.FromSeconds(1) };
        await using var router = await ListeningRouter.StartAsync(ListeningRouter.CatchAll(ListeningRouter.Cluster(WireBindingNames.BasicHttp, [backend.Address()]), limits));
        var address = router.Address("basic");
        var body = SoapMessages.Soap11(4000);

        using var stop = new CancellationTokenSource();
        using var client = await RawClient.ConnectAsync(address);
        await client.SendHeadersAsync(address, body);
        var trickling = client.TrickleAsync(body, 40, TimeSpan.FromMilliseconds(50), stop.Token);

        Assert.True(await client.ClosedByServerAsync(TimeSpan.FromSeconds(5)), "the slow client was not dropped");
        await stop.CancelAsync();
        try
        {
            await trickling.WaitAsync(TimeSpan.FromSeconds(5));
        }
        catch (System.Net.Sockets.SocketException)
        {
            // Sending on a connection the router dropped.
        }

        var faults = router.Statistics.Snapshot().Faults;
        Assert.Equal(1, faults.SlowClient);
        Assert.Equal(0, faults.ClientAborted);
        Assert.Empty(backend.Requests);
        Assert.Contains(router.Log.Entries, entry => entry.Level == LogLevel.Debug && entry.Message.Contains("dropped a slow client", StringComparison.Ordinal));

        // Aggregated: no warning per client.
        Assert.DoesNotContain(router.Log.Entries, entry => entry.Level >= LogLevel.Warning && entry.Message.Contains("slow", StringComparison.Ordinal));

        using var request = SoapMessages.Request(address, "basic", SoapMessages.Soap11(200));
        using var response = await Client.SendAsync(request);
        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
    }

    [Fact]
    public async Task OverThePerClientRateLimit_503WithRetryAfter()
    {
        await using var backend = await RecordingBackend.StartAsync(RecordingBackend.Echoes(SoapMessages.Soap11ContentType));
        var limits = new LimitsConfig { PerClientRateLimit = new ClientRateLimitConfig { PermitsPerSecond = 1, Burst = 2 } };
        await using var router = await ListeningRouter.StartAsync(ListeningRouter.CatchAll(ListeningRouter.Cluster(WireBindingNames.BasicHttp, [backend.Address()]), limits));
        var address = router.Address("basic");

        var statuses = new List<HttpStatusCode>();
        HttpResponseMessage? limited = null;
        for (var i = 0; i < 3; i++)
        {
            using var request = SoapMessages.Request(address, "basic", SoapMessages.Soap11(100));
            var response = await Client.SendAsync(request);
            statuses.Add(response.StatusCode);
            if (response.StatusCode == HttpStatusCode.ServiceUnavailable)
            {
                limited = response;
            }
            else
            {
                response.Dispose();
            }
        }

        using (limited)
        {
            Assert.Equal([HttpStatusCode.OK, HttpStatusCode.OK, HttpStatusCode.ServiceUnavailable], statuses);
            Assert.Equal(TimeSpan.FromSeconds(1), limited!.Headers.RetryAfter?.Delta);
            var reason = SoapMessages.FaultReason(await limited.Content.ReadAsByteArrayAsync(), limited.Content.Headers.ContentType);
            Assert.Equal("Too many requests from this client; try again later.", reason);
        }

        Assert.Equal(1, router.Statistics.Snapshot().Faults.ClientRateLimited);
        Assert.Equal(2, backend.Requests.Count);
    }
}
