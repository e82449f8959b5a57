using System.Net;
using BackendStub.Hosting;
using Samples.Contracts;
using SoapRouter.Configuration;
using SoapRouter.Tests.BackendStub;
using SoapRouter.Tests.Configuration;
using SoapRouter.Tests.Listening;
using SoapRouter.Tests.Listening.Connections;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.Integration.Streamed;

/// <summary>
/// What a streamed listener routes on (the header section: the action here) and the limits as streams have them: the
/// cluster's requestTimeout counts from the last bytes that moved, and limits.streamed.maxMessageSize bounds a request.
/// </summary>
public sealed class StreamedLimitsTests
{
    [Fact]
    public async Task ActionFilters_RouteStreamedMessagesByTheirHeaderSection()
    {
        await using var uploads = await RunningStub.StartAsync();
        await using var downloads = await RunningStub.StartAsync();
        var address = StubSoapEndpoints.BasicStreamed.Name;
        var clusters = new Dictionary<string, ClusterConfig>
        {
            ["up"] = StreamedRouterFixture.StreamedCluster(WireBindings.BasicHttp, uploads.Host.AddressOf(address), prefix: "up"),
            ["down"] = StreamedRouterFixture.StreamedCluster(WireBindings.BasicHttp, downloads.Host.AddressOf(address), prefix: "down"),
        };
        await using var router = await StreamedRouterFixture.StartUpRouterAsync(
            clusters,
            TestConfigs.Route("uploads", "up", TestConfigs.Action(StreamedServiceActions.Upload)),
            TestConfigs.Route("downloads", "down", TestConfigs.Action(StreamedServiceActions.Download)));
        using var client = StreamedRouterFixture.UpClient(router);

        Assert.Equal(StreamDigest.OfPattern(1 << 20), await client.Channel.UploadAsync(new PatternStream(1 << 20)));
        await using (var stream = await client.Channel.DownloadAsync(1 << 20))
        {
            Assert.Equal(StreamDigest.OfPattern(1 << 20), await StreamDigest.OfAsync(stream));
        }

        Assert.Equal(1, (await uploads.StatsAsync()).StreamedRequests![address]);
        Assert.Equal(1, (await downloads.StatsAsync()).StreamedRequests![address]);
    }

    [Fact]
    public async Task SlowButSteadyUpload_OutlastsTheRequestTimeout_BecauseItCountsFromTheLastBytes()
    {
        await using var stub = await RunningStub.StartAsync();
        var cluster = StreamedRouterFixture.StreamedCluster(WireBindings.BasicHttp, stub.Host.AddressOf(StubSoapEndpoints.BasicStreamed.Name)) with
        {
            RequestTimeout = TimeSpan.FromSeconds(3),
        };
        await using var router = await StreamedRouterFixture.StartUpRouterAsync(new() { ["c"] = cluster }, TestConfigs.Route("all", "c", TestConfigs.MatchAll()));
        using var client = StreamedRouterFixture.UpClient(router);
        const long size = 10L << 20;

        // About 10 s at 1 MB/s: over three request timeouts long, never still for one. (A 1 s timeout was within reach of
        // a pause of a loaded 2-core machine: the stub's answer after the last byte, or a starved sender.)
        var digest = await client.Channel.UploadAsync(new ThrottledStream(new PatternStream(size), 1 << 20));

        Assert.Equal(StreamDigest.OfPattern(size), digest);
    }

    [Fact]
    public async Task DeclaredLengthPastTheStreamedLimit_Is413_BeforeAnythingIsSent()
    {
        await using var stub = await RunningStub.StartAsync();
        var cluster = StreamedRouterFixture.StreamedCluster(WireBindings.BasicHttp, stub.Host.AddressOf(StubSoapEndpoints.BasicStreamed.Name));
        var config = ListeningRouter.Config([StreamedRouterFixture.UpListener()], [TestConfigs.Route("all", "c", TestConfigs.MatchAll())], new() { ["c"] = cluster }) with
        {
            Limits = new LimitsConfig { Streamed = new StreamedLimitsConfig { MaxMessageSize = 1 << 20 } },
        };
        await using var router = await ListeningRouter.StartAsync(config);
        var address = router.Address("up");

        // Only the headers go out: the answer must come from the declared length alone. (An HttpClient sending the 2 MB
        // body could meet the reset of the connection the router closes unread before it read the 413: a race on the
        // client, seen in CI under load.)
        using var client = await RawClient.ConnectAsync(address);
        await client.SendHeadersAsync(address, new byte[2 << 20]);

        Assert.Equal((int)HttpStatusCode.RequestEntityTooLarge, await client.ReadResponseAsync());
        Assert.Contains("larger than the router's limit of 1048576 bytes", client.LastResponseBody, StringComparison.Ordinal);
        Assert.Empty((await stub.StatsAsync()).StreamedRequests!);
    }
}
