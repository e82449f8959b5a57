using System.Net;
using System.Net.Http.Headers;
using System.Text.Json;
using System.Text.RegularExpressions;
using Samples.Contracts;
using SoapRouter.Admin;
using SoapRouter.Configuration;
using SoapRouter.Tests.BackendStub;
using SoapRouter.Tests.BackendStub.Wcf;
using SoapRouter.Tests.Configuration;
using SoapRouter.Tests.Listening;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.Admin;

/// <summary>The operator page's files and GET /overview over plain HTTP from a real router (no browser needed).</summary>
public sealed partial class OperatorPageTests
{
    private static readonly HttpClient Client = new() { Timeout = TimeSpan.FromSeconds(10) };

    [Fact]
    public async Task Root_ServesTheEmbeddedPage_AsHtmlWithAStrictContentSecurityPolicy()
    {
        await using var router = await StartAsync();

        using var response = await Client.GetAsync(new Uri(router.Host.AdminAddress!, "/"));
        var html = await response.Content.ReadAsStringAsync();

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal("text/html", response.Content.Headers.ContentType?.MediaType);
        var csp = string.Join(';', response.Headers.GetValues("Content-Security-Policy"));
        Assert.Contains("default-src 'self'", csp, StringComparison.Ordinal);
        Assert.Contains("connect-src 'self'", csp, StringComparison.Ordinal);
        Assert.Contains("script-src 'self'", csp, StringComparison.Ordinal);
        Assert.DoesNotContain("unsafe-inline", csp, StringComparison.Ordinal);
        Assert.DoesNotContain("http", csp, StringComparison.Ordinal);
        Assert.Equal("nosniff", response.Headers.GetValues("X-Content-Type-Options").Single());
        Assert.Empty(InlineScript().Matches(html));
        Assert.Contains("<script src=\"page.js\"", html, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("/page.js", "text/javascript")]
    [InlineData("/page.css", "text/css")]
    public async Task PageFiles_AreServed_AndNameNoOtherHost(string path, string mediaType)
    {
        await using var router = await StartAsync();

        using var response = await Client.GetAsync(new Uri(router.Host.AdminAddress!, path));
        var text = await response.Content.ReadAsStringAsync();

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal(mediaType, response.Content.Headers.ContentType?.MediaType);
        // The one absolute URL allowed is the SVG namespace, a name rather than something fetched.
        Assert.All(AbsoluteUrl().Matches(text), url => Assert.Equal("http://www.w3.org/2000/svg", url.Value));
    }

    [Fact]
    public async Task Overview_NamesEveryListenerRouteClusterAndDestination_WithLatencyOnceRead()
    {
        await using var stub = await RunningStub.StartAsync();
        await using var router = await StartAsync(stub);
        using (await Client.GetAsync(new Uri(router.Host.AdminAddress!, "/overview")))
        {
            // The first read starts the latency counts.
        }

        using (var client = StubWcfClient<IEchoService>.Create(WireBindings.Soap12Http, router.Address("soap12")))
        {
            await client.Channel.EchoAsync(new EchoPayload { Text = "overview" });
        }

        using var response = await Client.GetAsync(new Uri(router.Host.AdminAddress!, "/overview"));
        using var body = await JsonDocument.ParseAsync(await response.Content.ReadAsStreamAsync());
        var root = body.RootElement;

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal(["basic", "soap12", "binary"], Names(root.GetProperty("listeners")));
        Assert.Equal(["echo", "spare"], Names(root.GetProperty("routes")));
        Assert.Equal(["main", "other"], Names(root.GetProperty("clusters")));
        var d1 = root.GetProperty("clusters")[0].GetProperty("destinations")[0];
        Assert.Equal("d1", d1.GetProperty("name").GetString());
        Assert.Equal("healthy", d1.GetProperty("state").GetString());
        Assert.Equal(1, d1.GetProperty("requests").GetInt64());
        var latency = root.GetProperty("latency");
        Assert.Equal(LatencyBuckets.Count, latency.GetProperty("boundsMs").GetArrayLength());
        Assert.Equal(1, latency.GetProperty("routes").GetProperty("echo").EnumerateArray().Sum(c => c.GetInt64()));
        Assert.Equal(1, latency.GetProperty("destinations").GetProperty("d1").EnumerateArray().Sum(c => c.GetInt64()));
        Assert.Equal(1, root.GetProperty("listenerTraffic").GetProperty("soap12").GetProperty("messages").GetInt64());
    }

    [Fact]
    public async Task AuthToken_ThePageIsServed_ButOverviewNeedsTheToken()
    {
        await using var router = await StartAsync(authToken: "page-token-1234");

        using var page = await Client.GetAsync(new Uri(router.Host.AdminAddress!, "/"));
        using var refused = await Client.GetAsync(new Uri(router.Host.AdminAddress!, "/overview"));
        using var request = new HttpRequestMessage(HttpMethod.Get, new Uri(router.Host.AdminAddress!, "/overview"));
        request.Headers.Authorization = new AuthenticationHeaderValue("Bearer", "page-token-1234");
        using var allowed = await Client.SendAsync(request);

        Assert.Equal(HttpStatusCode.OK, page.StatusCode);
        Assert.Equal(HttpStatusCode.Unauthorized, refused.StatusCode);
        Assert.Equal(HttpStatusCode.OK, allowed.StatusCode);
    }

    [Theory]
    [InlineData(0, 0)]
    [InlineData(0.0001, 0)]
    [InlineData(0.00011, 1)]
    [InlineData(0.0002, 2)]
    [InlineData(0.001, 7)]
    [InlineData(1e9, LatencyBuckets.Count - 1)]
    public void LatencyBuckets_Of_PutsADurationUnderItsUpperBound(double seconds, int bucket)
    {
        Assert.Equal(bucket, LatencyBuckets.Of(seconds));
        Assert.True(seconds * 1000 <= LatencyBuckets.BoundsMs[bucket] + 1e-9 || bucket == LatencyBuckets.Count - 1);
    }

    private static async Task<ListeningRouter> StartAsync(RunningStub? stub = null, string? authToken = null)
    {
        var address = stub?.Address(WireBindings.Soap12Http).ToString() ?? "http://127.0.0.1:9/soap12";
        var config = ListeningRouter.Config(
            [TestConfigs.Route("echo", "main", TestConfigs.MatchAll()), TestConfigs.Route("spare", "other", TestConfigs.Action("urn:spare"))],
            new() { ["main"] = ListeningRouter.Cluster(WireBindingNames.Soap12Http, [address]), ["other"] = ListeningRouter.Cluster(WireBindingNames.Soap12Http, [address], prefix: "o") });
        if (authToken is not null)
        {
            config = config with { Admin = config.Admin with { AuthToken = authToken } };
        }

        return await ListeningRouter.StartAsync(config);
    }

    private static List<string> Names(JsonElement array) => [.. array.EnumerateArray().Select(e => e.GetProperty("name").GetString()!)];

    [GeneratedRegex("<script(?![^>]*\\bsrc=)[^>]*>", RegexOptions.IgnoreCase)]
    private static partial Regex InlineScript();

    [GeneratedRegex("https?://[^\\s'\"`)]+")]
    private static partial Regex AbsoluteUrl();
}
