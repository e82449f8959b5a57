using SoapRouter.Configuration;
using SoapRouter.Forwarding;
using SoapRouter.LoadBalancing;
using SoapRouter.Tests.Forwarding;
using SoapRouter.Tests.Support;

namespace SoapRouter.Tests.Health;

/// <summary>
/// outlierDetection.latency through the forwarder on a fake clock: each destination's answers take a scripted time, and
/// only one far slower than its peers (and past the threshold) is ejected; its slow answers still reach the client.
/// </summary>
public sealed class LatencyOutlierTests : IDisposable
{
    private static readonly LatencyOutlierConfig Latency = new() { Factor = 5, Threshold = TimeSpan.FromMilliseconds(500) };
    private readonly FakeTimeProvider _time = new();
    private readonly CapturingLogger<Forwarder> _logger = new();
    private readonly Forwarder _forwarder;

    public LatencyOutlierTests() => _forwarder = new Forwarder(_logger, _time);

    public void Dispose() => _forwarder.Dispose();

    [Fact]
    public async Task SlowDestinationAmongFastPeers_IsEjected_ItsSlowAnswersStillReachTheClient()
    {
        var cluster = Cluster(Latency);
        var sender = Answering(("p1", 20), ("p2", 30), ("p3", 1500));

        var replies = await ForwardAsync(cluster, sender, 45);

        Assert.All(replies, reply => Assert.StartsWith("from ", reply, StringComparison.Ordinal));
        Assert.Contains("from p3", replies);
        Assert.Equal(["healthy", "healthy", "ejected"], States(cluster));
        Assert.Contains(_logger.Entries, entry => entry.Message.Contains("p3 ejected for 00:00:05: ", StringComparison.Ordinal) && entry.Message.Contains("slow", StringComparison.Ordinal));

        // Ejected: the next messages go to the fast two only.
        var calls = sender.Calls.Count(name => name == "p3");
        await ForwardAsync(cluster, sender, 10);
        Assert.Equal(calls, sender.Calls.Count(name => name == "p3"));
    }

    [Fact]
    public async Task StillSlowAtItsTrial_IsEjectedAgainForTwiceAsLong()
    {
        var cluster = Cluster(Latency);
        var sender = Answering(("p1", 20), ("p2", 30), ("p3", 1500));
        var p3 = cluster.Primaries[2];
        await ForwardAsync(cluster, sender, 45);
        Assert.Equal(1, p3.Health!.Ejections);

        _time.Advance(TimeSpan.FromSeconds(5));
        await ForwardAsync(cluster, sender, 3);

        Assert.Equal(2, p3.Health.Ejections);
        Assert.InRange((p3.Health.EjectedUntil - _time.GetUtcNow())!.Value, TimeSpan.FromSeconds(9.9), TimeSpan.FromSeconds(10));
    }

    [Fact]
    public async Task EveryDestinationEquallySlow_NobodyIsEjected()
    {
        var cluster = Cluster(Latency);

        await ForwardAsync(cluster, Answering(("p1", 2000), ("p2", 2100), ("p3", 1900)), 45);

        Assert.Equal(["healthy", "healthy", "healthy"], States(cluster));
    }

    [Fact]
    public async Task SlowerThanPeersButUnderTheThreshold_IsNotJudged()
    {
        var cluster = Cluster(Latency);

        await ForwardAsync(cluster, Answering(("p1", 5), ("p2", 5), ("p3", 400)), 45);

        Assert.Equal(["healthy", "healthy", "healthy"], States(cluster));
    }

    [Fact]
    public async Task LatencyNotConfigured_ASlowDestinationStaysIn()
    {
        var cluster = Cluster(latency: null);

        await ForwardAsync(cluster, Answering(("p1", 20), ("p2", 30), ("p3", 1500)), 45);

        Assert.Equal(["healthy", "healthy", "healthy"], States(cluster));
    }

    private ClusterState Cluster(LatencyOutlierConfig? latency) =>
        TestClusters.State(
            TestClusters.Config(["p1", "p2", "p3"]) with
            {
                // A long window, so the fast peers' answers are all still in it while the slow one answers.
                OutlierDetection = new OutlierDetectionConfig { Latency = latency, SamplingDuration = TimeSpan.FromMinutes(5) },
            },
            _time,
            _logger);

    /// <summary>Each destination answers "from name" after its own time on the fake clock.</summary>
    private ScriptedSender Answering(params (string Name, int Milliseconds)[] destinations)
    {
        var sender = new ScriptedSender();
        foreach (var (name, milliseconds) in destinations)
        {
            sender.On(name, (_, _) =>
            {
                _time.Advance(TimeSpan.FromMilliseconds(milliseconds));
                return ValueTask.FromResult(AttemptResult<string>.Success("from " + name));
            });
        }

        return sender;
    }

    private async Task<List<string>> ForwardAsync(ClusterState cluster, ScriptedSender sender, int messages)
    {
        var replies = new List<string>();
        for (var i = 0; i < messages; i++)
        {
            var result = await _forwarder.ForwardAsync(cluster, idempotent: false, sender, CancellationToken.None);
            Assert.True(result.IsSuccess);
            replies.Add(result.Reply!);
        }

        return replies;
    }

    private static string[] States(ClusterState cluster) => cluster.Primaries.ToArray().Select(destination => destination.Health!.State).ToArray();
}
