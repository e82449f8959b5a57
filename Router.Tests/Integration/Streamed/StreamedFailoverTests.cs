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
/// A streamed message fails over only while none of its bytes went to a destination: a refused connect moves it to the
/// next destination; a destination that dies part way through leaves the client with the router's fault, and no other
/// destination ever sees the message, even for an action marked idempotent.
/// </summary>
public sealed class StreamedFailoverTests
{
    private const long Size = 16L << 20;

    [Fact]
    public async Task RefusedConnect_BeforeTheFirstByte_FailsOverToTheNextDestination()
    {
        await using var stub = await RunningStub.StartAsync();
        var closed = new Uri($"http://127.0.0.1:{FreePort.Unused()}/basicStreamed");
        var cluster = StreamedRouterFixture.StreamedCluster(WireBindings.BasicHttp, closed, more: [stub.Host.AddressOf(StubSoapEndpoints.BasicStreamed.Name)]) with
        {
            LoadBalancing = "roundRobin",
        };
        await using var router = await StartAsync(cluster);
        var failovers = router.Statistics.Failovers;
        using var client = StreamedRouterFixture.UpClient(router);

        // Round robin may start on either: two uploads put one on the closed port first.
        Assert.Equal(StreamDigest.OfPattern(Size), await client.Channel.UploadAsync(new PatternStream(Size)));
        Assert.Equal(StreamDigest.OfPattern(Size), await client.Channel.UploadAsync(new PatternStream(Size)));

        Assert.Equal(failovers + 1, router.Statistics.Failovers);
        Assert.Equal(2, (await stub.StatsAsync()).StreamedRequests![StubSoapEndpoints.BasicStreamed.Name]);
    }

    [Fact]
    public async Task DestinationDyingMidStream_ClientGetsTheFault_AndTheBackupNeverSeesTheMessage()
    {
        await using var dying = await RunningStub.StartAsync();
        await using var backup = await RunningStub.StartAsync();
        var abortsAfterOneMegabyte = new UriBuilder(dying.Host.AddressOf(StubSoapEndpoints.BasicStreamed.Name)) { Query = "abortAfter=1048576" }.Uri;
        var cluster = StreamedRouterFixture.StreamedCluster(
            WireBindings.BasicHttp, abortsAfterOneMegabyte, backups: [backup.Host.AddressOf(StubSoapEndpoints.BasicStreamed.Name)]);

        // Even an action said to be idempotent is not sent again: its bytes are gone from the router.
        await using var router = await StartAsync(cluster, idempotent: true);
        using var client = StreamedRouterFixture.UpClient(router);

        var fault = await Assert.ThrowsAsync<FaultException>(() => client.Channel.UploadAsync(new PatternStream(Size)));

        Assert.Equal("The service is unavailable.", fault.Message);
        Assert.Equal(1, (await dying.StatsAsync()).StreamedRequests![StubSoapEndpoints.BasicStreamed.Name]);
        Assert.False((await backup.StatsAsync()).StreamedRequests!.ContainsKey(StubSoapEndpoints.BasicStreamed.Name));
        Assert.Equal(0, router.Statistics.Failovers);
        Assert.Equal(1, router.Statistics.Snapshot().Faults.BackendUnavailable);
    }

    private static Task<ListeningRouter> StartAsync(ClusterConfig cluster, bool idempotent = false) =>
        StreamedRouterFixture.StartUpRouterAsync(
            new() { ["c"] = cluster }, TestConfigs.Route("all", "c", TestConfigs.MatchAll()) with { IdempotentActions = idempotent ? ["*"] : [] });
}
