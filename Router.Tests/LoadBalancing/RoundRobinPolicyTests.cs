using SoapRouter.LoadBalancing;
using SoapRouter.Tests.Support;

namespace SoapRouter.Tests.LoadBalancing;

public sealed class RoundRobinPolicyTests
{
    private readonly RoundRobinPolicy _policy = new();

    [Fact]
    public void Pick_Sequential_VisitsEachDestinationInTurn()
    {
        var destinations = TestClusters.States("a", "b", "c");
        var cursor = new LoadBalancingCursor();

        var picked = new List<string>();
        for (var i = 0; i < 7; i++)
        {
            picked.Add(_policy.Pick(destinations, cursor)!.Name);
        }

        Assert.Equal(["a", "b", "c", "a", "b", "c", "a"], picked);
    }

    [Fact]
    public void Pick_ParallelFor_EveryDestinationGetsExactlyItsShare()
    {
        var destinations = TestClusters.States("a", "b", "c", "d");
        var cursor = new LoadBalancingCursor();
        var counts = new int[destinations.Length];

        Parallel.For(0, 40_000, new ParallelOptions { MaxDegreeOfParallelism = 8 }, _ =>
        {
            var picked = _policy.Pick(destinations, cursor)!;
            Interlocked.Increment(ref counts[Array.IndexOf(destinations, picked)]);
        });

        Assert.All(counts, count => Assert.Equal(10_000, count));
    }

    [Fact]
    public void Pick_TwoClustersSharingThePolicy_EachClusterStaysEven()
    {
        var first = TestClusters.States("a1", "a2");
        var second = TestClusters.States("b1", "b2");
        var firstCursor = new LoadBalancingCursor();
        var secondCursor = new LoadBalancingCursor();

        var picked = new List<string>();
        for (var i = 0; i < 4; i++)
        {
            picked.Add(_policy.Pick(first, firstCursor)!.Name);
            picked.Add(_policy.Pick(second, secondCursor)!.Name);
        }

        Assert.Equal(["a1", "b1", "a2", "b2", "a1", "b1", "a2", "b2"], picked);
    }

    [Fact]
    public void Pick_NoDestinations_ReturnsNull() =>
        Assert.Null(_policy.Pick([], new LoadBalancingCursor()));

    [Fact]
    public void Name_IsTheConfigName() => Assert.Equal(LoadBalancingPolicyNames.RoundRobin, _policy.Name);
}
