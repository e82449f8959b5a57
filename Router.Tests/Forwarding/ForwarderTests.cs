using System.Diagnostics;
using System.Net.Sockets;
using Microsoft.Extensions.Logging;
using SoapRouter.Forwarding;
using SoapRouter.Tests.Support;

namespace SoapRouter.Tests.Forwarding;

public sealed class ForwarderTests : IDisposable
{
    private readonly CapturingLogger<Forwarder> _logger = new();
    private readonly Forwarder _forwarder;

    public ForwarderTests() => _forwarder = new Forwarder(_logger, TimeProvider.System);

    public void Dispose() => _forwarder.Dispose();

    [Fact]
    public async Task Forward_DeadPrimaryLiveBackup_SucceedsViaBackupAfterTryingBothInOrder()
    {
        var cluster = TestClusters.State(["p"], ["b1", "b2"]);
        var sender = new ScriptedSender().Fails("p", ForwardError.ConnectionRefused).Replies("b1", "reply from b1").Replies("b2", "reply from b2");

        var result = await _forwarder.ForwardAsync(cluster, idempotent: false, sender, CancellationToken.None);

        Assert.True(result.IsSuccess);
        Assert.Equal("reply from b1", result.Reply);
        Assert.Equal("b1", result.Destination!.Name);
        Assert.Equal(["p", "b1"], sender.Calls);
        Assert.Equal([("p", ForwardError.ConnectionRefused), ("b1", ForwardError.None)], Tried(result));
    }

    [Fact]
    public async Task Forward_AllDestinationsDead_ReturnsFinalErrorAndListsEveryDestinationTried()
    {
        var cluster = TestClusters.State(["p"], ["b1", "b2"]);
        var sender = new ScriptedSender()
            .Fails("p", ForwardError.ConnectionRefused)
            .Fails("b1", ForwardError.ResetBeforeSend)
            .Fails("b2", ForwardError.ConnectTimeout);

        var result = await _forwarder.ForwardAsync(cluster, idempotent: false, sender, CancellationToken.None);

        Assert.False(result.HasReply);
        Assert.Equal(ForwardError.ConnectTimeout, result.Error);
        Assert.Equal(
            [("p", ForwardError.ConnectionRefused), ("b1", ForwardError.ResetBeforeSend), ("b2", ForwardError.ConnectTimeout)],
            Tried(result));
        Assert.All(cluster.Backups.ToArray(), destination => Assert.Equal(1, destination.Failures));
    }

    [Fact]
    public async Task Forward_RequestTimeoutOnNonIdempotentAction_IsNotRetried()
    {
        var cluster = TestClusters.State(["p"], ["b1"]);
        var sender = new ScriptedSender().Fails("p", ForwardError.RequestTimeout).Replies("b1", "late");

        var result = await _forwarder.ForwardAsync(cluster, idempotent: false, sender, CancellationToken.None);

        Assert.Equal(ForwardError.RequestTimeout, result.Error);
        Assert.Equal(["p"], sender.Calls);
        Assert.Equal([("p", ForwardError.RequestTimeout)], Tried(result));
    }

    [Fact]
    public async Task Forward_RequestTimeoutOnIdempotentAction_IsRetriedOnTheBackup()
    {
        var cluster = TestClusters.State(["p"], ["b1"]);
        var sender = new ScriptedSender().Fails("p", ForwardError.RequestTimeout).Replies("b1", "from backup");

        var result = await _forwarder.ForwardAsync(cluster, idempotent: true, sender, CancellationToken.None);

        Assert.True(result.IsSuccess);
        Assert.Equal("from backup", result.Reply);
        Assert.Equal(["p", "b1"], sender.Calls);
    }

    [Fact]
    public async Task Forward_BackendFault_IsReturnedAsIsAndNotRetried()
    {
        var cluster = TestClusters.State(["p"], ["b1"]);
        var sender = new ScriptedSender().Faults("p", "<s:Fault/>").Replies("b1", "never");

        var result = await _forwarder.ForwardAsync(cluster, idempotent: true, sender, CancellationToken.None);

        Assert.Equal(ForwardError.BackendFault, result.Error);
        Assert.True(result.HasReply);
        Assert.Equal("<s:Fault/>", result.Reply);
        Assert.Equal(["p"], sender.Calls);
        // A fault is an answer: it does not count against the destination's health.
        Assert.Equal(0, cluster.Primaries[0].Failures);
    }

    [Fact]
    public async Task Forward_InFlightCounts_AreOneDuringTheCallAndZeroAfterSuccessFailureAndThrow()
    {
        var cluster = TestClusters.State(["p"], ["b1", "b2"]);
        var sender = new ScriptedSender()
            .Fails("p", ForwardError.ConnectionRefused)
            .Throws("b1", new SocketException((int)SocketError.ConnectionRefused))
            .Replies("b2", "ok");

        var result = await _forwarder.ForwardAsync(cluster, idempotent: false, sender, CancellationToken.None);

        Assert.True(result.IsSuccess);
        Assert.Equal([1, 1, 1], sender.InFlightDuringCall);
        Assert.All(cluster.Primaries.ToArray(), destination => Assert.Equal(0, destination.InFlight));
        Assert.All(cluster.Backups.ToArray(), destination => Assert.Equal(0, destination.InFlight));
        Assert.Equal([1L, 1L, 1L], [cluster.Primaries[0].TotalRequests, cluster.Backups[0].TotalRequests, cluster.Backups[1].TotalRequests]);
    }

    [Fact]
    public async Task Forward_SenderThrowsUnexpectedly_ReturnsErrorValueLogsAndDoesNotRetry()
    {
        var cluster = TestClusters.State(["p"], ["b1"]);
        var sender = new ScriptedSender().Throws("p", new InvalidOperationException("bug")).Replies("b1", "never");

        var result = await _forwarder.ForwardAsync(cluster, idempotent: true, sender, CancellationToken.None);

        Assert.Equal(ForwardError.Unexpected, result.Error);
        Assert.Equal(["p"], sender.Calls);
        Assert.Equal(0, cluster.Primaries[0].InFlight);
        Assert.Equal(1, cluster.Primaries[0].Failures);
        Assert.Contains(_logger.Entries, entry => entry.Level == LogLevel.Warning && entry.Exception is InvalidOperationException);
    }

    [Theory]
    [InlineData(typeof(OutOfMemoryException))]
    [InlineData(typeof(InsufficientMemoryException))]
    public async Task Forward_SenderRunsOutOfMemory_ItGoesOnToTheListener_AndTheDestinationIsNotCountedAsFailing(Type type)
    {
        var cluster = TestClusters.State(["p"], ["b1"]);
        var sender = new ScriptedSender().Throws("p", (Exception)Activator.CreateInstance(type)!).Replies("b1", "never");

        var thrown = await Assert.ThrowsAnyAsync<SystemException>(async () => await _forwarder.ForwardAsync(cluster, idempotent: true, sender, CancellationToken.None));

        Assert.IsType(type, thrown);
        Assert.Equal(["p"], sender.Calls);
        Assert.Equal(0, cluster.Primaries[0].InFlight);
        Assert.Equal(0, cluster.Primaries[0].Failures);
    }

    [Fact]
    public async Task Forward_SenderThrowsRefusedSocketException_IsClassifiedAndFailsOver()
    {
        var cluster = TestClusters.State(["p"], ["b1"]);
        var sender = new ScriptedSender().Throws("p", new SocketException((int)SocketError.ConnectionRefused)).Replies("b1", "ok");

        var result = await _forwarder.ForwardAsync(cluster, idempotent: false, sender, CancellationToken.None);

        Assert.True(result.IsSuccess);
        Assert.Equal([("p", ForwardError.ConnectionRefused), ("b1", ForwardError.None)], Tried(result));
    }

    [Fact]
    public async Task Forward_BackendNeverAnswers_PerAttemptTimeoutFiresAsRequestTimeout()
    {
        var cluster = TestClusters.State(["p"], ["b1"], requestTimeout: TimeSpan.FromMilliseconds(100));
        var sender = new ScriptedSender().Hangs("p").Replies("b1", "never");
        var clock = Stopwatch.StartNew();

        var result = await _forwarder.ForwardAsync(cluster, idempotent: false, sender, CancellationToken.None);

        Assert.Equal(ForwardError.RequestTimeout, result.Error);
        Assert.Equal(["p"], sender.Calls);
        Assert.Equal(0, cluster.Primaries[0].InFlight);
        // Generous bound: it proves the timeout fired instead of waiting for the 30 s default, not how fast.
        Assert.True(clock.Elapsed < TimeSpan.FromSeconds(10), clock.Elapsed.ToString());
    }

    [Fact]
    public async Task Forward_IdempotentAttemptPastItsAttemptTimeout_MovesToBackup()
    {
        var config = TestClusters.Config(["p"], ["b1"]) with { AttemptTimeout = TimeSpan.FromMilliseconds(100) };
        var cluster = TestClusters.State(config, TimeProvider.System);
        var sender = new ScriptedSender().Hangs("p").Replies("b1", "from backup");

        var result = await _forwarder.ForwardAsync(cluster, idempotent: true, sender, CancellationToken.None);

        Assert.True(result.IsSuccess);
        Assert.Equal([("p", ForwardError.RequestTimeout), ("b1", ForwardError.None)], Tried(result));
    }

    [Fact]
    public async Task Forward_ClientCancels_ReportsCancelledNotRequestTimeoutAndStops()
    {
        var cluster = TestClusters.State(["p"], ["b1"], requestTimeout: TimeSpan.FromSeconds(30));
        var sender = new ScriptedSender().Hangs("p").Replies("b1", "never");
        using var client = new CancellationTokenSource(TimeSpan.FromMilliseconds(100));

        var result = await _forwarder.ForwardAsync(cluster, idempotent: true, sender, client.Token);

        Assert.Equal(ForwardError.Cancelled, result.Error);
        Assert.Equal(["p"], sender.Calls);
        Assert.Equal(0, cluster.Primaries[0].InFlight);
        // The client leaving says nothing about the destination.
        Assert.Equal(0, cluster.Primaries[0].Failures);
    }

    [Fact]
    public async Task Forward_SenderReportsCancelledBecauseOfOurTimeout_IsRequestTimeout()
    {
        var cluster = TestClusters.State(["p"], requestTimeout: TimeSpan.FromMilliseconds(100));
        var sender = new ScriptedSender().On("p", static async (_, token) =>
        {
            try
            {
                await Task.Delay(Timeout.Infinite, token);
                return AttemptResult<string>.Success("never");
            }
            catch (OperationCanceledException)
            {
                return AttemptResult<string>.Failed(ForwardError.Cancelled);
            }
        });

        var result = await _forwarder.ForwardAsync(cluster, idempotent: false, sender, CancellationToken.None);

        Assert.Equal(ForwardError.RequestTimeout, result.Error);
    }

    [Fact]
    public async Task Forward_ClusterWithoutDestinations_ReturnsNoDestination()
    {
        var cluster = TestClusters.State([]);

        var result = await _forwarder.ForwardAsync(cluster, idempotent: true, new ScriptedSender(), CancellationToken.None);

        Assert.Equal(ForwardError.NoDestination, result.Error);
        Assert.Equal(0, result.AttemptCount);
        Assert.Null(result.Destination);
    }

    [Fact]
    public async Task Forward_FirstAttemptSucceeds_RecordsOneAttemptAndResetsConsecutiveFailures()
    {
        var cluster = TestClusters.State(["p"]);
        var p = cluster.Primaries[0];
        p.BeginRequest();
        p.EndRequest(failed: true);

        var result = await _forwarder.ForwardAsync(cluster, idempotent: false, new ScriptedSender().Replies("p", "ok"), CancellationToken.None);

        Assert.Equal([("p", ForwardError.None)], Tried(result));
        Assert.Equal(0, p.ConsecutiveFailures);
        Assert.Equal(2, p.TotalRequests);
    }

    private static List<(string, ForwardError)> Tried(ForwardResult<string> result)
    {
        var tried = new List<(string, ForwardError)>();
        foreach (var attempt in result.Attempts)
        {
            tried.Add((attempt.Destination.Name, attempt.Error));
        }

        return tried;
    }
}
