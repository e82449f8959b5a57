using System.ServiceModel;
using BackendStub.Hosting;
using Samples.Contracts;
using SoapRouter.Configuration;
using SoapRouter.Tests.BackendStub;
using SoapRouter.Tests.Configuration;
using SoapRouter.Tests.Listening;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.Integration.Streamed;

/// <summary>
/// A streamed netTcp listener when things go wrong: a destination dying part way through a request (the client reads the
/// router's fault), part way through a reply (the client's connection is cut), a request past
/// limits.streamed.maxMessageSize (cut); the router serves the next message each time.
/// </summary>
public sealed class NetTcpStreamedFailureTests
{
    private const long Size = 16L << 20;

    [Fact]
    public async Task DestinationDyingMidRequest_ClientGetsTheRoutersFault_AndTheRouterServesTheNextMessage()
    {
        await using var dying = await RunningStub.StartAsync();
        await using var router = await StartAsync(AbortingAfterOneMegabyte(dying));
        using var client = NetTcpStreamedFixture.Client(router, "tcp");

        var fault = await Assert.ThrowsAsync<FaultException>(() => client.Channel.UploadAsync(new PatternStream(Size)));

        Assert.Equal("The service is unavailable.", fault.Message);
        Assert.Equal(1, router.Statistics.Snapshot().Faults.BackendUnavailable);
        using var next = NetTcpStreamedFixture.Client(router, "tcp");
        Assert.Equal(StreamDigest.OfPattern(1 << 19), await next.Channel.UploadAsync(new PatternStream(1 << 19)));
    }

    [Fact]
    public async Task DestinationDyingMidReply_CutsTheClientsConnection_AndCountsTheMessageFailed()
    {
        await using var dying = await RunningStub.StartAsync();
        await using var router = await StartAsync(AbortingAfterOneMegabyte(dying));
        using var client = NetTcpStreamedFixture.Client(router, "tcp");

        var cut = await Assert.ThrowsAnyAsync<Exception>(async () =>
        {
            await using var stream = await client.Channel.DownloadAsync(Size);
            await StreamDigest.OfAsync(stream);
        });

        Assert.True(cut is CommunicationException or IOException or System.Xml.XmlException or TimeoutException, cut.ToString());
        await Eventually.TrueAsync(
            () => Task.FromResult(router.Statistics.Snapshot().Routes["all"].Failures == 1), "the cut reply is counted as a failure of its route", TimeSpan.FromSeconds(10));
    }

    [Fact]
    public async Task RequestPastTheStreamedLimit_IsCut_AndASmallerOneStillPasses()
    {
        await using var stub = await RunningStub.StartAsync();
        var cluster = StreamedRouterFixture.StreamedCluster(WireBindings.BinaryHttp, stub.Host.AddressOf(StubSoapEndpoints.BinaryStreamed.Name));
        var config = Config(cluster) with { Limits = new LimitsConfig { Streamed = new StreamedLimitsConfig { MaxMessageSize = 1 << 20 } } };
        await using var router = await ListeningRouter.StartAsync(config);
        using var client = NetTcpStreamedFixture.Client(router, "tcp");

        var refused = await Assert.ThrowsAnyAsync<Exception>(() => client.Channel.UploadAsync(new PatternStream(4L << 20)));

        Assert.True(refused is CommunicationException or TimeoutException, refused.ToString());
        Assert.Equal(1, router.Statistics.Snapshot().Faults.BadRequest);
        using var next = NetTcpStreamedFixture.Client(router, "tcp");
        Assert.Equal(StreamDigest.OfPattern(1 << 19), await next.Channel.UploadAsync(new PatternStream(1 << 19)));
    }

    private static Uri AbortingAfterOneMegabyte(RunningStub stub) =>
        new UriBuilder(stub.Host.AddressOf(StubSoapEndpoints.BinaryStreamed.Name)) { Query = "abortAfter=1048576" }.Uri;

    private static RouterConfig Config(ClusterConfig cluster) =>
        ListeningRouter.Config([NetTcpStreamedFixture.StreamedListener("tcp")], [TestConfigs.Route("all", "c", TestConfigs.MatchAll())], new() { ["c"] = cluster });

    private static Task<ListeningRouter> StartAsync(Uri destination) =>
        ListeningRouter.StartAsync(Config(StreamedRouterFixture.StreamedCluster(WireBindings.BinaryHttp, destination)));
}
