using SoapRouter.Configuration;
using SoapRouter.Forwarding;
using SoapRouter.LoadBalancing;
using SoapRouter.Tests.Support;

namespace SoapRouter.Tests.Forwarding;

/// <summary>
/// clusters[].attemptTimeout and requestTimeout on a fake clock: a destination that goes silent is given up after the
/// attempt timeout for idempotent actions only, every attempt together stays within the request timeout, and the silent
/// destination is ejected after a few timeouts in a row.
/// </summary>
public sealed class AttemptTimeoutTests : IDisposable
{
    private static readonly TimeSpan Step = TimeSpan.FromMilliseconds(10);
    private readonly FakeTimeProvider _time = new();
    private readonly CapturingLogger<Forwarder> _logger = new();
    private readonly Forwarder _forwarder;
    private readonly Dictionary<string, TimeSpan> _silentFor = new(StringComparer.Ordinal);

    public AttemptTimeoutTests() => _forwarder = new Forwarder(_logger, _time);

    public void Dispose() => _forwarder.Dispose();

    [Fact]
    public async Task IdempotentAction_SilentDestination_IsGivenUpAtTheAttemptTimeout_AndTheNextOneAnswers()
    {
        var cluster = Cluster(["p1", "p2"], requestTimeout: TimeSpan.FromSeconds(30), attemptTimeout: TimeSpan.FromSeconds(2));
        var sender = new ScriptedSender().On("p1", Silent).Replies("p2", "from p2");

        var result = await _forwarder.ForwardAsync(cluster, idempotent: true, sender, CancellationToken.None);

        Assert.True(result.IsSuccess);
        Assert.Equal("from p2", result.Reply);
        Assert.Equal([("p1", ForwardError.RequestTimeout), ("p2", ForwardError.None)], Tried(result));
        Assert.Equal(TimeSpan.FromSeconds(2), _silentFor["p1"]);
        Assert.Equal(1, cluster.Budget.RecentRetries);
    }

    [Fact]
    public async Task NonIdempotentAction_IsNotCutByTheAttemptTimeout_ItWaitsTheRequestTimeoutAndIsNotRetried()
    {
        var cluster = Cluster(["p1", "p2"], requestTimeout: TimeSpan.FromSeconds(10), attemptTimeout: TimeSpan.FromSeconds(2));
        var sender = new ScriptedSender().On("p1", Silent).Replies("p2", "never");

        var result = await _forwarder.ForwardAsync(cluster, idempotent: false, sender, CancellationToken.None);

        Assert.Equal(ForwardError.RequestTimeout, result.Error);
        Assert.Equal(["p1"], sender.Calls);
        Assert.Equal(TimeSpan.FromSeconds(10), _silentFor["p1"]);
    }

    [Fact]
    public async Task StreamedMessage_IsNotCutByTheAttemptTimeout_EvenForAnIdempotentAction()
    {
        var cluster = Cluster(["p1", "p2"], requestTimeout: TimeSpan.FromSeconds(10), attemptTimeout: TimeSpan.FromSeconds(2));
        var sender = new ScriptedSender { Replayable = false }.On("p1", Silent).Replies("p2", "never");

        var result = await _forwarder.ForwardAsync(cluster, idempotent: true, sender, CancellationToken.None);

        Assert.Equal(ForwardError.RequestTimeout, result.Error);
        Assert.Equal(TimeSpan.FromSeconds(10), _silentFor["p1"]);
    }

    [Fact]
    public async Task RequestTimeout_BoundsEveryAttemptTogether_TheLastAttemptGetsWhatIsLeft()
    {
        var config = Config(["p1", "p2", "p3", "p4"], requestTimeout: TimeSpan.FromSeconds(5), attemptTimeout: TimeSpan.FromSeconds(2))
            with { Retry = new RetryConfig { MaxAttempts = 4 } };
        var cluster = TestClusters.State(config, _time, _logger);
        var sender = new ScriptedSender().On("p1", Silent).On("p2", Silent).On("p3", Silent).On("p4", Silent);
        var start = _time.GetUtcNow();

        var result = await _forwarder.ForwardAsync(cluster, idempotent: true, sender, CancellationToken.None);

        Assert.Equal(ForwardError.RequestTimeout, result.Error);
        Assert.Equal(["p1", "p2", "p3"], sender.Calls);
        Assert.Equal([TimeSpan.FromSeconds(2), TimeSpan.FromSeconds(2), TimeSpan.FromSeconds(1)], [_silentFor["p1"], _silentFor["p2"], _silentFor["p3"]]);
        Assert.Equal(TimeSpan.FromSeconds(5), _time.GetUtcNow() - start);
    }

    [Fact]
    public async Task WithoutAttemptTimeout_OneAttemptMayUseTheWholeRequestTimeout_ThenNothingIsLeftToRetry()
    {
        var cluster = Cluster(["p1", "p2"], requestTimeout: TimeSpan.FromSeconds(5), attemptTimeout: null);
        var sender = new ScriptedSender().On("p1", Silent).Replies("p2", "too late");

        var result = await _forwarder.ForwardAsync(cluster, idempotent: true, sender, CancellationToken.None);

        Assert.Equal(ForwardError.RequestTimeout, result.Error);
        Assert.Equal(["p1"], sender.Calls);
        Assert.Equal(TimeSpan.FromSeconds(5), _silentFor["p1"]);
        Assert.Equal(0, cluster.Budget.RecentRetries);
    }

    [Fact]
    public async Task ConnectFailureAfterPartOfTheTime_TheNextDestinationGetsTheRest()
    {
        var cluster = Cluster(["p1", "p2"], requestTimeout: TimeSpan.FromSeconds(5), attemptTimeout: null);
        var sender = new ScriptedSender()
            .On("p1", (_, _) =>
            {
                _time.Advance(TimeSpan.FromSeconds(3));
                return ValueTask.FromResult(AttemptResult<string>.Failed(ForwardError.ConnectTimeout));
            })
            .On("p2", Silent);

        var result = await _forwarder.ForwardAsync(cluster, idempotent: false, sender, CancellationToken.None);

        Assert.Equal([("p1", ForwardError.ConnectTimeout), ("p2", ForwardError.RequestTimeout)], Tried(result));
        Assert.Equal(TimeSpan.FromSeconds(2), _silentFor["p2"]);
    }

    [Fact]
    public async Task DestinationGoingSilent_IsEjectedAfterFiveTimeoutsInARow_ThoughItsWindowIsMostlySuccesses()
    {
        var cluster = Cluster(["p1", "p2"], requestTimeout: TimeSpan.FromSeconds(30), attemptTimeout: TimeSpan.FromSeconds(1));
        var silent = false;
        var sender = new ScriptedSender()
            .On("p1", (destination, token) => silent ? Silent(destination, token) : ValueTask.FromResult(AttemptResult<string>.Success("from p1")))
            .Replies("p2", "from p2");
        for (var i = 0; i < 40; i++)
        {
            Assert.True((await _forwarder.ForwardAsync(cluster, idempotent: true, sender, CancellationToken.None)).IsSuccess);
        }

        silent = true;
        var p1 = cluster.Primaries[0];
        for (var i = 0; i < 50 && p1.Health!.State != "ejected"; i++)
        {
            Assert.True((await _forwarder.ForwardAsync(cluster, idempotent: true, sender, CancellationToken.None)).IsSuccess);
        }

        // Five timeouts in a row ejected it, while its window still held twenty successes (a ratio of 5 in 25 would not have).
        Assert.Equal("ejected", p1.Health!.State);
        Assert.Equal(20 + 5, sender.Calls.Count(name => name == "p1"));
        var callsToP1 = sender.Calls.Count(name => name == "p1");
        for (var i = 0; i < 20; i++)
        {
            await _forwarder.ForwardAsync(cluster, idempotent: true, sender, CancellationToken.None);
        }

        Assert.Equal(callsToP1, sender.Calls.Count(name => name == "p1"));
        Assert.Contains(_logger.Entries, entry => entry.Message.Contains("p1 ejected for 00:00:05: 5 failed or slow attempts in a row", StringComparison.Ordinal));
    }

    /// <summary>A destination that accepted the request and sends nothing: the clock runs until the attempt's token fires.</summary>
    private ValueTask<AttemptResult<string>> Silent(DestinationState destination, CancellationToken token)
    {
        var start = _time.GetUtcNow();
        while (!token.IsCancellationRequested && _time.GetUtcNow() - start < TimeSpan.FromMinutes(5))
        {
            _time.Advance(Step);
        }

        _silentFor[destination.Name] = _time.GetUtcNow() - start;

        // What the HTTP transport answers when the attempt's token fires; the forwarder knows it was the timeout.
        return ValueTask.FromResult(AttemptResult<string>.Failed(ForwardError.Cancelled));
    }

    private ClusterState Cluster(string[] primaries, TimeSpan requestTimeout, TimeSpan? attemptTimeout) =>
        TestClusters.State(Config(primaries, requestTimeout, attemptTimeout), _time, _logger);

    private static ClusterConfig Config(string[] primaries, TimeSpan requestTimeout, TimeSpan? attemptTimeout) =>
        TestClusters.Config(primaries, requestTimeout: requestTimeout) with { AttemptTimeout = attemptTimeout };

    private static List<(string, ForwardError)> Tried(ForwardResult<string> result) =>
        result.Attempts.Select(attempt => (attempt.Destination.Name, attempt.Error)).ToList();
}
