using SoapRouter.Admin;
using SoapRouter.LoadBalancing;
using SoapRouter.Tests.Support;

namespace SoapRouter.Tests.Admin;

public sealed class ClusterHealthSourceTests
{
    [Fact]
    public void GetStatus_EveryDestinationOfAClusterFailing_IsDegraded()
    {
        var cluster = TestClusters.State(["p"], ["b1"]);
        var source = Source(cluster);
        Fail(cluster.Primaries[0], 3);
        Assert.Equal(HealthStatus.Ok, source.GetStatus());

        Fail(cluster.Backups[0], 3);

        Assert.Equal(HealthStatus.Degraded, source.GetStatus());
    }

    [Fact]
    public void GetStatus_AfterASuccess_IsOkAgain()
    {
        var cluster = TestClusters.State(["p"]);
        var source = Source(cluster);
        Fail(cluster.Primaries[0], 5);

        cluster.Primaries[0].BeginRequest();
        cluster.Primaries[0].EndRequest(failed: false);

        Assert.Equal(HealthStatus.Ok, source.GetStatus());
        Assert.Equal(4, source.ConfigVersion);
    }

    private static ClusterHealthSource Source(ClusterState cluster)
    {
        var clusters = new Dictionary<string, ClusterState> { [cluster.Name] = cluster };
        return new ClusterHealthSource(() => clusters, () => 4, failureThreshold: 3);
    }

    private static void Fail(DestinationState destination, int times)
    {
        for (var i = 0; i < times; i++)
        {
            destination.BeginRequest();
            destination.EndRequest(failed: true);
        }
    }
}
