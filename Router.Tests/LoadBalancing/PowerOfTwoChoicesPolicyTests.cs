using SoapRouter.LoadBalancing;
using SoapRouter.Tests.Support;

namespace SoapRouter.Tests.LoadBalancing;

public sealed class PowerOfTwoChoicesPolicyTests
{
    private static readonly LoadBalancingCursor Cursor = new();

    [Fact]
    public void Pick_TwoDestinations_AlwaysTakesTheOneWithFewerInFlight()
    {
        var destinations = TestClusters.States("busy", "idle");
        Load(destinations[0], 5);
        Load(destinations[1], 1);
        var policy = new PowerOfTwoChoicesPolicy(new Random(42));

        for (var i = 0; i < 100; i++)
        {
            Assert.Same(destinations[1], policy.Pick(destinations, Cursor));
        }
    }

    [Fact]
    public void Pick_ThreeDestinations_NeverTakesTheMostLoadedAndUsesBothOthers()
    {
        var destinations = TestClusters.States("light", "medium", "heavy");
        Load(destinations[1], 1);
        Load(destinations[2], 9);
        var policy = new PowerOfTwoChoicesPolicy(new Random(7));

        var counts = new int[3];
        for (var i = 0; i < 300; i++)
        {
            counts[Array.IndexOf(destinations, policy.Pick(destinations, Cursor))]++;
        }

        Assert.Equal(0, counts[2]);
        Assert.True(counts[0] > 0 && counts[1] > 0, $"light={counts[0]} medium={counts[1]}");
        // "light" wins whenever it is drawn, which is two pairs out of three.
        Assert.True(counts[0] > counts[1]);
    }

    [Fact]
    public void Pick_SameSeed_SameSequence()
    {
        var destinations = TestClusters.States("a", "b", "c", "d", "e");
        for (var i = 0; i < destinations.Length; i++)
        {
            Load(destinations[i], i);
        }

        var first = new PowerOfTwoChoicesPolicy(new Random(123));
        var second = new PowerOfTwoChoicesPolicy(new Random(123));

        for (var i = 0; i < 50; i++)
        {
            Assert.Same(first.Pick(destinations, Cursor), second.Pick(destinations, Cursor));
        }
    }

    [Fact]
    public void Pick_RandomDrawsTheSameSlotTwice_StillComparesTwoDistinctDestinations()
    {
        // A source that always says 0: without the skip, both picks would be destination 0.
        var destinations = TestClusters.States("loaded", "free");
        Load(destinations[0], 3);
        var policy = new PowerOfTwoChoicesPolicy(new ZeroRandom());

        Assert.Same(destinations[1], policy.Pick(destinations, Cursor));
    }

    [Fact]
    public void Pick_OneDestination_ReturnsIt()
    {
        var destinations = TestClusters.States("only");
        Assert.Same(destinations[0], new PowerOfTwoChoicesPolicy(new Random(1)).Pick(destinations, Cursor));
    }

    [Fact]
    public void Pick_NoDestinations_ReturnsNull() =>
        Assert.Null(new PowerOfTwoChoicesPolicy(new Random(1)).Pick([], Cursor));

    private static void Load(DestinationState destination, int requests)
    {
        for (var i = 0; i < requests; i++)
        {
            destination.BeginRequest();
        }
    }

    private sealed class ZeroRandom : Random
    {
        public override int Next(int maxValue) => 0;
    }
}
