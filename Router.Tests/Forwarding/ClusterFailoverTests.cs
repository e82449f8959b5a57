using Microsoft.Extensions.Logging;
using SoapRouter.Configuration;
using SoapRouter.Forwarding;
using SoapRouter.LoadBalancing;
using SoapRouter.Tests.Support;

namespace SoapRouter.Tests.Forwarding;

/// <summary>Failover inside a cluster, the retry budget and passive ejection, on a fake clock.</summary>
public sealed class ClusterFailoverTests : IDisposable
{
    private readonly FakeTimeProvider _time = new();
    private readonly CapturingLogger<Forwarder> _logger = new();
    private readonly Forwarder _forwarder;

    public ClusterFailoverTests() => _forwarder = new Forwarder(_logger, _time);

    public void Dispose() => _forwarder.Dispose();

    [Theory]
    [InlineData(LoadBalancingPolicyNames.RoundRobin)]
    [InlineData(LoadBalancingPolicyNames.PowerOfTwoChoices)]
    public async Task RefusedPrimary_NextPrimaryAnswers_BeforeAnyBackup(string policy)
    {
        var cluster = Cluster(TestClusters.Config(["p1", "p2"], ["b"], policy: policy));
        var sender = new ScriptedSender().Fails("p1", ForwardError.ConnectionRefused).Replies("p2", "from p2").Replies("b", "from backup");

        for (var i = 0; i < 10; i++)
        {
            var result = await _forwarder.ForwardAsync(cluster, idempotent: false, sender, CancellationToken.None);
            Assert.True(result.IsSuccess);
            Assert.Equal("from p2", result.Reply);
        }

        Assert.DoesNotContain("b", sender.Calls);
    }

    [Fact]
    public async Task MaxAttempts_BoundsTheDestinationsTried()
    {
        var config = TestClusters.Config(["p1", "p2", "p3", "p4"]) with { Retry = new RetryConfig { MaxAttempts = 2 } };
        var cluster = Cluster(config);
        var sender = new ScriptedSender();
        foreach (var name in new[] { "p1", "p2", "p3", "p4" })
        {
            sender.Fails(name, ForwardError.ConnectionRefused);
        }

        var result = await _forwarder.ForwardAsync(cluster, idempotent: true, sender, CancellationToken.None);

        Assert.Equal(ForwardError.ConnectionRefused, result.Error);
        Assert.Equal(2, result.AttemptCount);
        Assert.Equal(2, sender.Calls.Count);
    }

    [Fact]
    public async Task IdempotentTimeout_IsRetriedElsewhere_NonIdempotentIsNot()
    {
        var cluster = Cluster(TestClusters.Config(["p1", "p2"]));
        var idempotent = new ScriptedSender().Fails("p1", ForwardError.RequestTimeout).Fails("p2", ForwardError.RequestTimeout);

        var retried = await _forwarder.ForwardAsync(cluster, idempotent: true, idempotent, CancellationToken.None);
        var notRetried = await _forwarder.ForwardAsync(cluster, idempotent: false, new ScriptedSender().Fails("p1", ForwardError.RequestTimeout).Fails("p2", ForwardError.RequestTimeout), CancellationToken.None);

        Assert.Equal(2, retried.AttemptCount);
        Assert.Equal(1, notRetried.AttemptCount);
    }

    [Fact]
    public async Task RetryBudgetSpent_RetryAfterATimeoutIsRefused_ButARefusedConnectStillFailsOver()
    {
        var config = TestClusters.Config(["p1", "p2"]) with { Retry = new RetryConfig { BudgetPercent = 0, MinRetriesPerSecond = 0 } };
        var cluster = Cluster(config);

        var timedOut = await _forwarder.ForwardAsync(
            cluster, idempotent: true, new ScriptedSender().Fails("p1", ForwardError.RequestTimeout).Fails("p2", ForwardError.RequestTimeout).Replies("p2", "ok"), CancellationToken.None);
        var refused = await _forwarder.ForwardAsync(
            cluster, idempotent: true, new ScriptedSender().Fails("p1", ForwardError.ConnectionRefused).Fails("p2", ForwardError.ConnectionRefused).Replies("p1", "ok").Replies("p2", "ok"), CancellationToken.None);

        Assert.Equal(1, timedOut.AttemptCount);
        Assert.Equal(1, cluster.Budget.Denied);
        Assert.True(refused.IsSuccess);
        Assert.Equal(0, cluster.Budget.RecentRetries);
        Assert.Equal(2, cluster.Budget.RecentRequests);
    }

    [Fact]
    public void RetryBudget_AllowsRetriesUpToItsShareOfTheWindowsRequests_PlusTheMinimumPerSecond()
    {
        var budget = new SoapRouter.Health.RetryBudget(_time);
        for (var i = 0; i < 100; i++)
        {
            budget.RecordRequest();
        }

        // 100 requests at 20% = 20 retries, plus 1 per second of the 10 s window = 30.
        var granted = Enumerable.Range(0, 50).Count(_ => budget.TryRecordRetry(20, 1));

        Assert.Equal(30, granted);
        Assert.Equal(20, budget.Denied);
    }

    [Fact]
    public void RetryBudget_ABurstOfRetriesIsAbsorbed_WhenTheWindowHadTraffic()
    {
        // One destination dies with 16 requests in flight on it: all 16 need a retry at the same instant.
        var budget = new SoapRouter.Health.RetryBudget(_time);
        for (var second = 0; second < 10; second++)
        {
            for (var i = 0; i < 50; i++)
            {
                budget.RecordRequest();
            }

            _time.Advance(TimeSpan.FromSeconds(1));
        }

        var granted = Enumerable.Range(0, 16).Count(_ => budget.TryRecordRetry(20, 0));

        Assert.Equal(16, granted);
    }

    [Fact]
    public void RetryBudget_ForgetsRequestsAndRetriesOlderThanTheWindow()
    {
        var budget = new SoapRouter.Health.RetryBudget(_time);
        for (var i = 0; i < 100; i++)
        {
            budget.RecordRequest();
        }

        Assert.Equal(20, Enumerable.Range(0, 30).Count(_ => budget.TryRecordRetry(20, 0)));
        _time.Advance(SoapRouter.Health.RetryBudget.Window);

        // The old requests (and retries) have left the window: nothing to take a share of.
        Assert.Equal(0, budget.RecentRequests);
        Assert.Equal(0, budget.RecentRetries);
        Assert.False(budget.TryRecordRetry(20, 0));
        budget.RecordRequest();
        Assert.Equal(1, budget.RecentRequests);
    }

    [Fact]
    public async Task FailingDestination_IsEjected_NotChosen_ThenTriedAgainWhenTheEjectionRunsOut()
    {
        var cluster = Cluster(TestClusters.Config(["p1", "p2"]));
        var dead = true;
        var sender = new ScriptedSender()
            .On("p1", (_, _) => ValueTask.FromResult(dead ? AttemptResult<string>.Failed(ForwardError.ConnectionRefused) : AttemptResult<string>.Success("p1 back")))
            .Replies("p2", "from p2");

        // Round robin sends every other message to p1 first; five refusals in a row eject it.
        for (var i = 0; i < 10; i++)
        {
            Assert.True((await _forwarder.ForwardAsync(cluster, idempotent: false, sender, CancellationToken.None)).IsSuccess);
        }

        var p1 = cluster.Primaries[0];
        Assert.Equal("ejected", p1.Health!.State);
        Assert.Equal(1, p1.Health.Ejections);
        Assert.Equal(5, sender.Calls.Count(name => name == "p1"));

        for (var i = 0; i < 10; i++)
        {
            await _forwarder.ForwardAsync(cluster, idempotent: false, sender, CancellationToken.None);
        }

        Assert.Equal(5, sender.Calls.Count(name => name == "p1"));
        Assert.Single(_logger.Entries, entry => entry.Level == LogLevel.Warning && entry.Message.Contains("p1 ejected", StringComparison.Ordinal));

        // The base ejection is 5 s; after it the next message that picks p1 is its trial, which now succeeds.
        dead = false;
        _time.Advance(TimeSpan.FromSeconds(6));
        for (var i = 0; i < 4; i++)
        {
            await _forwarder.ForwardAsync(cluster, idempotent: false, sender, CancellationToken.None);
        }

        Assert.Equal("healthy", p1.Health.State);
        Assert.True(sender.Calls.Count(name => name == "p1") >= 6);
        Assert.Contains(_logger.Entries, entry => entry.Message.Contains("p1 readmitted", StringComparison.Ordinal));
    }

    [Fact]
    public async Task DestinationThatTimesOut_IsEjected_AsTheBreakerSeesTheTimeoutNotACancellation()
    {
        var cluster = Cluster(TestClusters.Config(["p1", "p2"]));
        // What the HTTP transport answers when the attempt's token fires: Cancelled, which the forwarder turns into
        // RequestTimeout because the client is still there; the breaker must judge the latter.
        var sender = new ScriptedSender().Fails("p1", ForwardError.Cancelled).Replies("p2", "ok");

        await ForwardUntilAsync(cluster, sender, () => cluster.Primaries[0].Health!.State == "ejected", idempotent: true);

        Assert.Equal(5, sender.Calls.Count(name => name == "p1"));
    }

    [Fact]
    public async Task RepeatedEjection_LastsTwiceAsLong()
    {
        var cluster = Cluster(TestClusters.Config(["p1", "p2"]));
        var sender = new ScriptedSender().Fails("p1", ForwardError.ConnectionRefused).Replies("p2", "ok");
        var p1 = cluster.Primaries[0];
        await ForwardUntilAsync(cluster, sender, () => p1.Health!.State == "ejected");
        var first = p1.Health!.EjectedUntil!.Value - _time.GetUtcNow();

        // The trial after the first ejection fails: ejected again, for twice as long.
        _time.Advance(first + TimeSpan.FromMilliseconds(1));
        await ForwardUntilAsync(cluster, sender, () => p1.Health.Ejections == 2);
        var second = p1.Health.EjectedUntil!.Value - _time.GetUtcNow();

        Assert.Equal(TimeSpan.FromSeconds(5), first);
        Assert.Equal(TimeSpan.FromSeconds(10), second);
    }

    [Fact]
    public async Task EveryPrimaryEjected_MessagesStillGoToThem_PastTheirBreakers()
    {
        var cluster = Cluster(TestClusters.Config(["p1", "p2"]));
        var sender = new ScriptedSender().Fails("p1", ForwardError.ConnectionRefused).Fails("p2", ForwardError.ConnectionRefused);
        await ForwardUntilAsync(cluster, sender, () => cluster.Primaries[0].Health!.State == "ejected" && cluster.Primaries[1].Health!.State == "ejected");
        var calls = sender.Calls.Count;

        sender.Replies("p1", "p1 is back").Replies("p2", "p2 is back");
        var result = await _forwarder.ForwardAsync(cluster, idempotent: false, sender, CancellationToken.None);

        // More than half ejected (the default limit is 50%): the cluster is in panic and routes to all of them.
        Assert.True(result.IsSuccess);
        Assert.Equal(calls + 1, sender.Calls.Count);
    }

    [Fact]
    public async Task RepeatedFailures_OneAggregatedWarningPerDestinationPerInterval()
    {
        var config = TestClusters.Config(["p1"], ["b"]) with { OutlierDetection = new OutlierDetectionConfig { Enabled = false } };
        var cluster = Cluster(config);
        var sender = new ScriptedSender().Fails("p1", ForwardError.ConnectionRefused).Replies("b", "ok");

        for (var i = 0; i < 100; i++)
        {
            await _forwarder.ForwardAsync(cluster, idempotent: false, sender, CancellationToken.None);
        }

        Assert.DoesNotContain(_logger.Entries, entry => entry.Level >= LogLevel.Warning);
        _time.Advance(TimeSpan.FromSeconds(10));
        var warning = Assert.Single(_logger.Entries, entry => entry.Level >= LogLevel.Warning);
        Assert.Contains("p1: 100 attempts failed", warning.Message, StringComparison.Ordinal);
        Assert.Contains("ConnectionRefused", warning.Message, StringComparison.Ordinal);

        // Nothing failed in the next interval: nothing more is written.
        _time.Advance(TimeSpan.FromSeconds(10));
        Assert.Single(_logger.Entries, entry => entry.Level >= LogLevel.Warning);
    }

    private ClusterState Cluster(ClusterConfig config) => TestClusters.State(config, _time, _logger);

    private async Task ForwardUntilAsync(ClusterState cluster, ScriptedSender sender, Func<bool> condition, bool idempotent = false)
    {
        for (var i = 0; i < 100 && !condition(); i++)
        {
            await _forwarder.ForwardAsync(cluster, idempotent, sender, CancellationToken.None);
        }

        Assert.True(condition(), "the condition was not reached within 100 messages");
    }
}
