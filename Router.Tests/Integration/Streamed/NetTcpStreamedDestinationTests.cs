using Samples.Contracts;
using SoapRouter.Tests.Support;

namespace SoapRouter.Tests.Integration.Streamed;

/// <summary>
/// Streamed netTcp destinations: stock WCF streamed clients (basicHttp, msbin1 over HTTP, NetTcpBinding) through streamed
/// listeners to the stub's NetTcpBinding service with TransferMode.Streamed, which the router calls in the singleton-unsized
/// mode. 64 MB each way, generated as it is sent and hashed as it arrives (SHA-256 at both ends), with this process's live
/// heap (router, stub and client together) sampled meanwhile: none of them may hold the message whole. Run alone, so
/// other tests' objects do not count.
/// </summary>
[Collection(AllocationCollection.Name)]
public sealed class NetTcpStreamedDestinationTests(NetTcpDestinationFixture fixture) : IClassFixture<NetTcpDestinationFixture>
{
    private const long Large = 64L << 20;

    // Well under the 64 MB message: the copy buffers, WCF's readers and writers, the pools and the hosts' own state.
    private const long HeapBound = 24L << 20;

    public static TheoryData<string> Listeners => new(NetTcpDestinationFixture.Listeners.Select(listener => listener.Name));

    [Theory]
    [MemberData(nameof(Listeners))]
    public async Task Upload64MB_ToAStreamedNetTcpDestination_ArrivesByteExact_OnItsPath_LiveHeapBounded(string name)
    {
        var verbatim = NetTcpDestinationFixture.Listeners.Single(listener => listener.Name == name).Verbatim;
        using var client = fixture.Client(name);
        var before = fixture.Router.Statistics.Snapshot();
        var streamedBefore = (await fixture.Stub.StatsAsync()).StreamedRequests?.GetValueOrDefault("netTcpStreamed") ?? 0;

        string digest;
        long growth;
        await using (var heap = new LiveHeapPeak(TimeSpan.FromMilliseconds(200)))
        {
            digest = await client.Channel.UploadAsync(new PatternStream(Large));
            growth = heap.Growth;
        }

        Assert.Equal(StreamDigest.OfPattern(Large), digest);
        Assert.True(growth < HeapBound, $"the live heap grew by {growth >> 20} MB during a {Large >> 20} MB upload");
        var after = fixture.Router.Statistics.Snapshot();
        Assert.Equal(before.Routes[name].Messages + 1, after.Routes[name].Messages);
        Assert.Equal(before.Paths.Verbatim.Messages + (verbatim ? 1 : 0), after.Paths.Verbatim.Messages);
        Assert.Equal(before.Paths.Reencoded.Messages + (verbatim ? 0 : 1), after.Paths.Reencoded.Messages);
        Assert.Equal(streamedBefore + 1, (await fixture.Stub.StatsAsync()).StreamedRequests!["netTcpStreamed"]);
    }

    [Theory]
    [MemberData(nameof(Listeners))]
    public async Task Download64MB_FromAStreamedNetTcpDestination_ArrivesByteExact_LiveHeapBounded(string name)
    {
        using var client = fixture.Client(name);

        string digest;
        long growth;
        await using (var heap = new LiveHeapPeak(TimeSpan.FromMilliseconds(200)))
        {
            await using var stream = await client.Channel.DownloadAsync(Large);
            digest = await StreamDigest.OfAsync(stream);
            growth = heap.Growth;
        }

        Assert.Equal(StreamDigest.OfPattern(Large), digest);
        Assert.True(growth < HeapBound, $"the live heap grew by {growth >> 20} MB during a {Large >> 20} MB download");
    }

    [Fact]
    public async Task BadDownloadLength_ToAStreamedNetTcpDestination_TheServicesFaultReachesTheHttpClientAsAFault()
    {
        // The reply is read by the encoder, so a fault from the net.tcp service is a fault to the HTTP client (status 500).
        using var client = fixture.Client("binary-tcp");

        var fault = await Assert.ThrowsAnyAsync<System.ServiceModel.FaultException>(() => client.Channel.DownloadAsync(-1));

        Assert.NotNull(fault.Message);
    }
}
