using SoapRouter.Configuration;
using SoapRouter.LoadBalancing;
using SoapRouter.Tests.Support;

namespace SoapRouter.Tests.LoadBalancing;

public sealed class ClusterStateBuilderTests
{
    private static readonly LoadBalancingPolicies Policies = LoadBalancingPolicies.CreateDefault(new Random(1));

    [Fact]
    public void Build_KeepsPrimariesBackupsInOrderAndThePolicy()
    {
        var clusters = Build(new() { ["orders"] = TestClusters.Config(["p1", "p2"], ["b2", "b1"], policy: LoadBalancingPolicyNames.PowerOfTwoChoices) });

        var orders = clusters["orders"];
        Assert.Equal(["p1", "p2"], Names(orders.Primaries));
        Assert.Equal(["b2", "b1"], Names(orders.Backups));
        Assert.IsType<PowerOfTwoChoicesPolicy>(orders.Policy);
        Assert.Equal("orders", orders.Name);
    }

    [Fact]
    public void Build_ReloadWithUnchangedDestination_KeepsItsStateAndCounters()
    {
        var first = Build(new() { ["c"] = TestClusters.Config(["p1", "p2"]) });
        var p1 = first["c"].Primaries[0];
        p1.BeginRequest();

        // A different cluster setting does not matter; the destination itself is unchanged.
        var second = Build(new() { ["c"] = TestClusters.Config(["p1", "p2"]) with { RequestTimeout = TimeSpan.FromSeconds(3) } }, first);

        Assert.Same(p1, second["c"].Primaries[0]);
        Assert.Equal(1, second["c"].Primaries[0].InFlight);
        Assert.Same(first["c"].Cursor, second["c"].Cursor);
    }

    [Fact]
    public void Build_ReloadWithChangedAddress_StartsFreshState()
    {
        var first = Build(new() { ["c"] = TestClusters.Config(["p1"]) });
        var changed = TestClusters.Destination("p1") with { Address = "http://10.0.0.9/p1" };

        var second = Build(new() { ["c"] = new ClusterConfig { Destinations = [changed] } }, first);

        Assert.NotSame(first["c"].Primaries[0], second["c"].Primaries[0]);
        Assert.Equal("http://10.0.0.9/p1", second["c"].Primaries[0].Config.Address);
    }

    [Fact]
    public void Build_DestinationMovedToAnotherCluster_KeepsItsState()
    {
        var first = Build(new() { ["a"] = TestClusters.Config(["p1"]) });

        var second = Build(new() { ["b"] = TestClusters.Config(["x"], ["p1"]) }, first);

        Assert.Same(first["a"].Primaries[0], second["b"].Backups[0]);
    }

    [Fact]
    public void Build_SameDestinationInTwoClusters_SharesOneState()
    {
        var clusters = Build(new() { ["a"] = TestClusters.Config(["shared"]), ["b"] = TestClusters.Config(["x"], ["shared"]) });

        Assert.Same(clusters["a"].Primaries[0], clusters["b"].Backups[0]);
    }

    [Fact]
    public void Build_UnknownPolicy_Throws() =>
        Assert.Throws<InvalidOperationException>(() => Build(new() { ["c"] = TestClusters.Config(["p1"], policy: "weighted") }));

    private static System.Collections.Frozen.FrozenDictionary<string, ClusterState> Build(
        Dictionary<string, ClusterConfig> clusters, IReadOnlyDictionary<string, ClusterState>? previous = null) =>
        ClusterStateBuilder.Build(clusters, Policies, previous);

    private static string[] Names(ReadOnlySpan<DestinationState> destinations)
    {
        var names = new string[destinations.Length];
        for (var i = 0; i < names.Length; i++)
        {
            names[i] = destinations[i].Name;
        }

        return names;
    }
}
