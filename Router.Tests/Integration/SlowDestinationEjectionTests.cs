using Samples.Contracts;
using SoapRouter.Configuration;
using SoapRouter.Tests.BackendStub;
using SoapRouter.Tests.BackendStub.Wcf;
using SoapRouter.Tests.Configuration;
using SoapRouter.Tests.Listening;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.Integration;

/// <summary>
/// Issue 20's slow backend through the real router: two BackendStubs round robin, one made slow with the stub's own
/// latency injection (<c>PUT /stub/latency</c>, as the chaos run does). With <c>outlierDetection.latency</c> the slow one
/// is ejected and the calls after it never reach it; every call is answered meanwhile.
/// </summary>
public sealed class SlowDestinationEjectionTests
{
    [Fact]
    public async Task DestinationFarSlowerThanItsPeer_IsEjected_LaterCallsGoToThePeer()
    {
        await using var fast = await RunningStub.StartAsync();
        await using var slow = await RunningStub.StartAsync();
        var cluster = ListeningRouter.Cluster(
            WireBindingNames.BasicHttp,
            [fast.Address(WireBindings.BasicHttp).AbsoluteUri, slow.Address(WireBindings.BasicHttp).AbsoluteUri]) with
        {
            OutlierDetection = new OutlierDetectionConfig { Latency = new LatencyOutlierConfig { Factor = 5, Threshold = TimeSpan.FromMilliseconds(300) } },
        };
        await using var router = await ListeningRouter.StartAsync(ListeningRouter.CatchAll(cluster));
        var slowState = router.Host.Runtime.State.Clusters["c"].Primaries[1];
        using var client = StubWcfClient<IOrderService>.Create(WireBindings.BasicHttp, router.Address("basic"));

        // Both fast first: each destination's mean answer time needs five answers before it is a reference.
        for (var i = 0; i < 12; i++)
        {
            Assert.Single(await client.Channel.GetOrdersAsync(1));
        }

        var latency = await slow.Client.PutAsync(new Uri(slow.Address(WireBindings.BasicHttp), "/stub/latency?ms=1200"), content: null);
        latency.EnsureSuccessStatusCode();
        for (var i = 0; i < 30 && slowState.Health!.State != "ejected"; i++)
        {
            Assert.Single(await client.Channel.GetOrdersAsync(1));
        }

        Assert.Equal("ejected", slowState.Health!.State);
        Assert.Contains(router.Log.Entries, entry => entry.Message.Contains("d2 ejected for 00:00:05", StringComparison.Ordinal));
        var reachedSlow = slow.Host.Statistics.Snapshot().Requests;
        for (var i = 0; i < 10; i++)
        {
            Assert.Single(await client.Channel.GetOrdersAsync(1));
        }

        Assert.Equal(reachedSlow, slow.Host.Statistics.Snapshot().Requests);
        Assert.Equal("healthy", router.Host.Runtime.State.Clusters["c"].Primaries[0].Health!.State);
    }
}
