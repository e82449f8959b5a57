using System.Net;
using SoapRouter.Configuration;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.Listening.Connections;

/// <summary>limits.maxConnections on real loopback sockets: the router stays up, refuses the extra ones, and recovers.</summary>
public sealed class ConnectionLimitTests
{
    private const int MaxConnections = 20;

    private static readonly HttpClient Client = new(new SocketsHttpHandler { UseProxy = false }) { Timeout = TimeSpan.FromSeconds(10) };

    [Fact]
    public async Task IdleConnectionsBeyondTheLimit_AreRefused_AndRequestsWorkAgainOnceTheyClose()
    {
        await using var backend = await RecordingBackend.StartAsync(RecordingBackend.Echoes(SoapMessages.Soap11ContentType));
        var limits = new LimitsConfig { MaxConnections = MaxConnections };
        await using var router = await ListeningRouter.StartAsync(ListeningRouter.CatchAll(ListeningRouter.Cluster(WireBindingNames.BasicHttp, [backend.Address()]), limits));
        var address = router.Address("basic");
        var health = new Uri(router.Host.AdminAddress!, "/health");

        var idle = new List<RawClient>();
        try
        {
            for (var i = 0; i < MaxConnections; i++)
            {
                idle.Add(await RawClient.ConnectAsync(address));
            }

            var counters = Assert.Single(router.Statistics.Snapshot().Listeners).Value;
            await Eventually.TrueAsync(
                () => Task.FromResult(router.Statistics.Snapshot().Listeners.Values.Single().LiveConnections == MaxConnections),
                "the idle connections were not all counted");

            // Connecting still works (the kernel's backlog), but each extra connection is closed at once, unread.
            for (var i = 0; i < 5; i++)
            {
                using var extra = await RawClient.ConnectAsync(address);
                Assert.True(await extra.ClosedByServerAsync(TimeSpan.FromSeconds(5)), "an extra connection was kept open");
            }

            await Assert.ThrowsAsync<HttpRequestException>(() => PostAsync(address));

            var full = router.Statistics.Snapshot().Listeners.Values.Single();
            Assert.Equal(MaxConnections, full.MaxConnections);
            Assert.Equal(MaxConnections, full.LiveConnections);
            Assert.True(full.RejectedConnections >= 6, $"rejected {full.RejectedConnections}");
            Assert.True(full.Accepting);

            // The router is up and says it is full.
            using var degraded = await Client.GetAsync(health);
            Assert.Equal(HttpStatusCode.OK, degraded.StatusCode);
            Assert.Contains("\"degraded\"", await degraded.Content.ReadAsStringAsync(), StringComparison.Ordinal);
            Assert.Equal("basic,soap12,binary", counters.Listeners);
        }
        finally
        {
            foreach (var client in idle)
            {
                client.Dispose();
            }
        }

        await Eventually.TrueAsync(
            () => Task.FromResult(router.Statistics.Snapshot().Listeners.Values.Single().LiveConnections == 0),
            "the closed connections were not released");
        using var answered = await PostAsync(address);
        Assert.Equal(HttpStatusCode.OK, answered.StatusCode);
    }

    private static async Task<HttpResponseMessage> PostAsync(Uri address)
    {
        using var request = SoapMessages.Request(address, "basic", SoapMessages.Soap11(100));
        return await Client.SendAsync(request);
    }
}
