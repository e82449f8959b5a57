using System.Net;
using System.Net.Http.Headers;
using SoapRouter.Configuration;
using SoapRouter.Tests.Listening;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.Admin;

public sealed class AdminAuthorizationTests
{
    private static RouterConfig WithToken(string token) =>
        ListeningRouter.CatchAll(ListeningRouter.Cluster(WireBindingNames.BasicHttp, ["http://127.0.0.1:1/basic"])) with
        {
            Admin = new AdminConfig { Address = "http://127.0.0.1:0", AuthToken = token },
        };

    [Fact]
    public async Task AuthToken_StatsAndMetricsNeedTheBearerToken_HealthStaysOpen()
    {
        await using var router = await ListeningRouter.StartAsync(WithToken("admin-token-1234"));
        using var client = new HttpClient { BaseAddress = router.Host.AdminAddress };

        foreach (var path in new[] { "/stats", "/metrics" })
        {
            using var anonymous = await client.GetAsync(path);
            Assert.Equal(HttpStatusCode.Unauthorized, anonymous.StatusCode);
            Assert.Equal("Bearer", anonymous.Headers.WwwAuthenticate.Single().Scheme);

            using var wrong = new HttpRequestMessage(HttpMethod.Get, path) { Headers = { Authorization = new AuthenticationHeaderValue("Bearer", "admin-token-9999") } };
            Assert.Equal(HttpStatusCode.Unauthorized, (await client.SendAsync(wrong)).StatusCode);

            using var right = new HttpRequestMessage(HttpMethod.Get, path) { Headers = { Authorization = new AuthenticationHeaderValue("Bearer", "admin-token-1234") } };
            using var answered = await client.SendAsync(right);
            Assert.Equal(HttpStatusCode.OK, answered.StatusCode);
        }

        using var health = await client.GetAsync("/health");
        Assert.Equal(HttpStatusCode.OK, health.StatusCode);
    }

    [Fact]
    public async Task AuthToken_CacheInvalidateNeedsTheBearerToken()
    {
        await using var router = await ListeningRouter.StartAsync(WithToken("admin-token-1234"));
        using var client = new HttpClient { BaseAddress = router.Host.AdminAddress };

        using var anonymous = await client.PostAsync("/cache/invalidate?all=true", content: null);
        using var right = new HttpRequestMessage(HttpMethod.Post, "/cache/invalidate?all=true")
        {
            Headers = { Authorization = new AuthenticationHeaderValue("Bearer", "admin-token-1234") },
        };
        using var answered = await client.SendAsync(right);

        Assert.Equal(HttpStatusCode.Unauthorized, anonymous.StatusCode);
        Assert.Equal(HttpStatusCode.OK, answered.StatusCode);
        Assert.Contains("\"replicas\":\"local\"", await answered.Content.ReadAsStringAsync(), StringComparison.Ordinal);
    }

    [Fact]
    public async Task AuthToken_QueuesAndTheirDeadLettersNeedTheBearerToken()
    {
        await using var router = await ListeningRouter.StartAsync(WithToken("admin-token-1234"));
        using var client = new HttpClient { BaseAddress = router.Host.AdminAddress };

        using var list = await client.GetAsync("/queues");
        using var deadLetters = await client.GetAsync("/queues/orders/dead-letters");
        using var replay = await client.PostAsync("/queues/orders/dead-letters/replay", content: null);
        using var purge = await client.DeleteAsync("/queues/orders/dead-letters");
        using var right = new HttpRequestMessage(HttpMethod.Get, "/queues") { Headers = { Authorization = new AuthenticationHeaderValue("Bearer", "admin-token-1234") } };
        using var answered = await client.SendAsync(right);

        Assert.Equal(
            [HttpStatusCode.Unauthorized, HttpStatusCode.Unauthorized, HttpStatusCode.Unauthorized, HttpStatusCode.Unauthorized],
            new[] { list.StatusCode, deadLetters.StatusCode, replay.StatusCode, purge.StatusCode });
        Assert.NotEqual(HttpStatusCode.Unauthorized, answered.StatusCode);
    }

    [Fact]
    public async Task AuthToken_FromTheEnvironment_IsTheOneAccepted()
    {
        Environment.SetEnvironmentVariable("ROUTER_TEST_ADMIN_TOKEN", "from-the-environment");
        await using var router = await ListeningRouter.StartAsync(WithToken("env:ROUTER_TEST_ADMIN_TOKEN"));
        using var client = new HttpClient { BaseAddress = router.Host.AdminAddress };

        using var literal = new HttpRequestMessage(HttpMethod.Get, "/stats") { Headers = { Authorization = new AuthenticationHeaderValue("Bearer", "env:ROUTER_TEST_ADMIN_TOKEN") } };
        Assert.Equal(HttpStatusCode.Unauthorized, (await client.SendAsync(literal)).StatusCode);
        using var resolved = new HttpRequestMessage(HttpMethod.Get, "/stats") { Headers = { Authorization = new AuthenticationHeaderValue("Bearer", "from-the-environment") } };
        Assert.Equal(HttpStatusCode.OK, (await client.SendAsync(resolved)).StatusCode);
    }

    [Fact]
    public async Task NoToken_StatsIsOpen_AsBefore()
    {
        await using var router = await ListeningRouter.StartAsync(
            ListeningRouter.CatchAll(ListeningRouter.Cluster(WireBindingNames.BasicHttp, ["http://127.0.0.1:1/basic"])));
        using var client = new HttpClient { BaseAddress = router.Host.AdminAddress };

        Assert.Equal(HttpStatusCode.OK, (await client.GetAsync("/stats")).StatusCode);
    }
}
