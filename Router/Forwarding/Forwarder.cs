using System.Runtime.CompilerServices;
using SoapRouter.Configuration;
using SoapRouter.Health;
using SoapRouter.LoadBalancing;
using SoapRouter.Telemetry;

namespace SoapRouter.Forwarding;

/// <summary>
/// Sends one message through a cluster: the chosen primary, then the backups in order, while the failover policy
/// allows. Counts requests in flight per destination and returns every expected failure as a value.
/// </summary>
internal sealed class Forwarder : IDisposable
{
    private readonly ILogger _logger;
    private readonly TimeProvider _timeProvider;
    private readonly DestinationFailureLog _failures;
    private readonly AttemptDeadlines _deadlines;
    private readonly RouterMetrics? _metrics;

    /// <summary>
    /// Creates a forwarder whose per-attempt timeouts run on <paramref name="timeProvider"/>; attempt durations go to
    /// <paramref name="metrics"/> when given.
    /// </summary>
    public Forwarder(ILogger<Forwarder> logger, TimeProvider timeProvider, RouterMetrics? metrics = null)
    {
        _metrics = metrics;
        ArgumentNullException.ThrowIfNull(logger);
        ArgumentNullException.ThrowIfNull(timeProvider);
        _logger = logger;
        _timeProvider = timeProvider;
        _failures = new DestinationFailureLog(logger, timeProvider);
        _deadlines = new AttemptDeadlines(timeProvider);
    }

    /// <inheritdoc />
    public void Dispose() => _failures.Dispose();

    /// <summary>Forgets the failure counts of destinations not in <paramref name="destinations"/> (a reload removed them).</summary>
    public void Retain(IReadOnlySet<string> destinations) => _failures.Retain(destinations);

    /// <summary>
    /// Forwards through <paramref name="cluster"/> with <paramref name="sender"/>: the chosen primary, the other
    /// available primaries, then the backups, at most <c>retry.maxAttempts</c> attempts, all within the cluster's
    /// <c>requestTimeout</c>; an attempt of an <paramref name="idempotent"/> action (of a message the sender holds, not a
    /// streamed one) gets at most <c>attemptTimeout</c> of it. Stops at the first reply (normal or fault), at
    /// cancellation, at a failure that may have reached a backend unless <paramref name="idempotent"/>, when the request's
    /// time is spent, and when the cluster's retry budget refuses a retry that would load a backend.
    /// </summary>
    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder<>))]
    public async ValueTask<ForwardResult<T>> ForwardAsync<T>(
        ClusterState cluster,
        bool idempotent,
        IAttemptSender<T> sender,
        CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(cluster);
        ArgumentNullException.ThrowIfNull(sender);

        var sequence = new DestinationSequence(cluster);
        var destination = sequence.Next(out var pastBreaker);
        if (destination is null)
        {
            return new ForwardResult<T>(default, ForwardError.NoDestination, null);
        }

        var retry = cluster.Config.Retry;
        var budget = cluster.Budget;
        budget.RecordRequest();
        var deadline = _timeProvider.GetTimestamp() + TimestampTicks(ClampedTimeout(cluster.RequestTimeout));
        var attemptLimit = idempotent && sender.Replayable && cluster.Config.AttemptTimeout is { } limit ? ClampedTimeout(limit) : ClusterConfig.MaxTimeout;

        // Allocated only when a first attempt fails and another destination is tried.
        ForwardAttempt[]? log = null;
        var attempts = 0;
        DestinationState? last = null;
        var lastError = ForwardError.NoDestination;
        while (destination is not null)
        {
            var timeout = Remaining(deadline);
            if (timeout > attemptLimit)
            {
                timeout = attemptLimit;
            }

            var result = await SendOnceAsync(cluster, destination, pastBreaker, sender, attempts + 1, timeout, cancellationToken).ConfigureAwait(false);
            var error = result.Error;
            if (error == ForwardError.Ejected)
            {
                // Nothing was sent: not an attempt. The next destination in line is tried instead.
                destination = sequence.Next(out pastBreaker);
                continue;
            }

            if (log is not null)
            {
                log[attempts] = new ForwardAttempt(destination, error);
            }

            attempts++;
            last = destination;
            lastError = error;
            // A sender whose message began to go out (a streamed one) cannot send it again, whatever the error.
            if (!FailoverPolicy.CanTryNext(error, idempotent) || !sender.CanSendAgain || attempts >= retry.MaxAttempts)
            {
                return new ForwardResult<T>(result.Reply, error, destination, log, attempts);
            }

            var next = sequence.Next(out pastBreaker);
            if (next is null)
            {
                return new ForwardResult<T>(default, error, destination, log, attempts);
            }

            if (cancellationToken.IsCancellationRequested)
            {
                // The client left while this attempt failed for another reason; trying more would be wasted work.
                return new ForwardResult<T>(default, ForwardError.Cancelled, destination, log ?? [new ForwardAttempt(destination, error)], attempts);
            }

            if (Remaining(deadline) <= TimeSpan.Zero)
            {
                // The request's time is spent: the client is told now rather than after an attempt that cannot finish.
                return new ForwardResult<T>(default, error, destination, log, attempts);
            }

            if (FailoverPolicy.RetrySpendsBudget(error))
            {
                if (!budget.TryRecordRetry(retry.BudgetPercent, retry.MinRetriesPerSecond))
                {
                    HealthLog.RetryDenied(_logger, cluster.Name, destination.Name, error);
                    return new ForwardResult<T>(default, error, destination, log, attempts);
                }
            }

            if (log is null)
            {
                log = new ForwardAttempt[retry.MaxAttempts];
                log[0] = new ForwardAttempt(destination, error);
            }

            ForwarderLog.FailingOver(_logger, cluster.Name, destination.Name, error, next.Name);
            destination = next;
        }

        // Every remaining destination was ejected after at least one attempt, or none could be tried at all.
        return new ForwardResult<T>(default, lastError, last, log, attempts);
    }

    /// <summary>
    /// Forwards once to <paramref name="destination"/> of <paramref name="cluster"/> (a client session's bound
    /// destination): no other destination and no retry, whatever the outcome, and past its breaker (the session
    /// lives or dies with that destination).
    /// </summary>
    public async ValueTask<ForwardResult<T>> ForwardToAsync<T>(
        ClusterState cluster, DestinationState destination, IAttemptSender<T> sender, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(cluster);
        ArgumentNullException.ThrowIfNull(destination);
        ArgumentNullException.ThrowIfNull(sender);
        var result = await SendOnceAsync(cluster, destination, pastBreaker: true, sender, 1, ClampedTimeout(cluster.RequestTimeout), cancellationToken).ConfigureAwait(false);
        return new ForwardResult<T>(result.Reply, result.Error, destination, null, 1);
    }

    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder<>))]
    private async ValueTask<AttemptResult<T>> SendOnceAsync<T>(
        ClusterState cluster,
        DestinationState destination,
        bool pastBreaker,
        IAttemptSender<T> sender,
        int number,
        TimeSpan timeout,
        CancellationToken cancellationToken)
    {
        var admission = destination.Health?.Admit(pastBreaker) ?? OutlierAdmission.Bypassed;
        if (admission == OutlierAdmission.Refused)
        {
            return AttemptResult<T>.Failed(ForwardError.Ejected);
        }

        // One source that the timer (on the injected clock) and the client's token both cancel: a linked source
        // whose own state tells the two apart afterwards. A streamed sender moves it on as its bytes move.
        // A buffered message's deadline is reused after the attempt; a streamed sender may still hold its own.
        using var deadline = sender.Replayable ? _deadlines.Rent(timeout, cancellationToken) : new AttemptDeadline(timeout, _timeProvider, cancellationToken);
        sender.BeginAttempt(deadline);
        return await SendAsync(new Attempt<T>(cluster, destination, sender, number, admission, cancellationToken), deadline.Token).ConfigureAwait(false);
    }

    /// <summary>What is left of the request's time at <paramref name="deadline"/> (a timestamp of the injected clock).</summary>
    private TimeSpan Remaining(long deadline)
    {
        var left = deadline - _timeProvider.GetTimestamp();
        return left <= 0 ? TimeSpan.Zero : TimeSpan.FromSeconds((double)left / _timeProvider.TimestampFrequency);
    }

    private long TimestampTicks(TimeSpan span) => (long)(span.TotalSeconds * _timeProvider.TimestampFrequency);

    // Validation caps timeouts at a day; clamp anyway so a timer argument can never throw on the message path.
    private static TimeSpan ClampedTimeout(TimeSpan timeout) =>
        timeout > TimeSpan.Zero && timeout <= ClusterConfig.MaxTimeout ? timeout : ClusterConfig.MaxTimeout;

    /// <summary>
    /// One send with its outcome settled: our timeout told apart from the client leaving, a thrown exception
    /// classified, the destination's counters, its outlier detector and the failure log updated.
    /// </summary>
    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder<>))]
    private async ValueTask<AttemptResult<T>> SendAsync<T>(Attempt<T> attempt, CancellationToken attemptToken)
    {
        var destination = attempt.Destination;
        var clientToken = attempt.ClientToken;
        destination.BeginRequest();
        var error = ForwardError.Unexpected;
        var started = _timeProvider.GetTimestamp();

        // The attempt's client span is current while the sender runs: it tags its path and compression, and its id is
        // the traceparent the destination gets.
        var activity = RouterTracing.StartAttempt(destination, attempt.Number);
        try
        {
            var result = await attempt.Sender.SendAsync(destination, attemptToken).ConfigureAwait(false);
            if (result.Error == ForwardError.Cancelled && !clientToken.IsCancellationRequested)
            {
                // The sender saw its token fire but the client is still there: that was our timeout.
                result = AttemptResult<T>.Failed(ForwardError.RequestTimeout);
            }

            error = result.Error;
            return result;
        }
        catch (OperationCanceledException) when (attemptToken.IsCancellationRequested)
        {
            error = clientToken.IsCancellationRequested ? ForwardError.Cancelled : ForwardError.RequestTimeout;
            return AttemptResult<T>.Failed(error);
        }
        catch (Exception exception) when (exception is OutOfMemoryException or InsufficientMemoryException)
        {
            // The router's own heap met its limit (WCF wraps it as InsufficientMemoryException): neither the destination's
            // fault nor a bug. It goes on to the listener, which answers 503 (busy) so the client may try again; the
            // attempt is recorded as cut short, never as a failure that would eject a healthy destination.
            error = ForwardError.Cancelled;
            throw;
        }
        catch (Exception exception)
        {
            // Senders should return errors; one that throws is classified conservatively (as if the request was
            // sent) so a non-idempotent message is never repeated on a guess.
            error = ForwardErrorClassifier.Classify(exception, requestSent: true, timeoutFired: false);
            if (error == ForwardError.Cancelled)
            {
                // A cancellation neither the client nor our timer asked for comes from the transport's own timeout.
                error = ForwardError.RequestTimeout;
            }

            ForwarderLog.SenderThrew(_logger, attempt.Cluster.Name, destination.Name, error, exception);
            return AttemptResult<T>.Failed(error);
        }
        finally
        {
            var failed = FailoverPolicy.IsDestinationFailure(error);
            var elapsed = _timeProvider.GetElapsedTime(started);
            destination.EndRequest(failed);
            destination.Health?.Record(attempt.Admission, error, elapsed, LatencyOutliers.IsSlow(attempt.Cluster, destination, elapsed));
            RouterTracing.EndAttempt(activity, error);
            _metrics?.RecordAttempt(destination.Name, error, elapsed);
            if (failed)
            {
                _failures.Record(destination.Name, error, error == ForwardError.TlsFailed ? destination.TlsProblem : null);
            }
        }
    }

    private readonly record struct Attempt<T>(
        ClusterState Cluster, DestinationState Destination, IAttemptSender<T> Sender, int Number, OutlierAdmission Admission, CancellationToken ClientToken);
}
