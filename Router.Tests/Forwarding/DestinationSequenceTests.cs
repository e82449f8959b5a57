using SoapRouter.Forwarding;
using SoapRouter.Tests.Support;

namespace SoapRouter.Tests.Forwarding;

public sealed class DestinationSequenceTests
{
    [Fact]
    public void Sequence_IsChosenPrimaryThenBackupsInConfiguredOrder()
    {
        var cluster = TestClusters.State(["p1", "p2"], ["b2", "b1"]);

        var first = new DestinationSequence(cluster);
        var second = new DestinationSequence(cluster);

        Assert.Equal(["p1", "p2", "b2", "b1"], Names(first));
        // Round robin moves the next message to the other primary; the other primaries follow, then the backups in order.
        Assert.Equal(["p2", "p1", "b2", "b1"], Names(second));
    }

    [Fact]
    public void Sequence_NoPrimaries_IsTheBackups()
    {
        var cluster = TestClusters.State([], ["b1"]);

        Assert.Equal(["b1"], Names(new DestinationSequence(cluster)));
    }

    private static List<string> Names(DestinationSequence sequence)
    {
        var names = new List<string>();
        while (sequence.Next(out _) is { } destination)
        {
            names.Add(destination.Name);
        }

        return names;
    }
}
