using SoapRouter.Configuration;
using SoapRouter.LoadBalancing;

namespace SoapRouter.Forwarding;

/// <summary>
/// Sends one message through a cluster: the chosen primary, then the backups in order, while the failover policy
/// allows. Counts requests in flight per destination and returns every expected failure as a value.
/// </summary>
internal sealed class Forwarder
{
    private readonly ILogger _logger;
    private readonly TimeProvider _timeProvider;

    /// <summary>Creates a forwarder whose per-attempt timeouts run on <paramref name="timeProvider"/>.</summary>
    public Forwarder(ILogger<Forwarder> logger, TimeProvider timeProvider)
    {
        ArgumentNullException.ThrowIfNull(logger);
        ArgumentNullException.ThrowIfNull(timeProvider);
        _logger = logger;
        _timeProvider = timeProvider;
    }

    /// <summary>
    /// Forwards through <paramref name="cluster"/> with <paramref name="sender"/>. Stops at the first reply (normal or
    /// fault), at cancellation, and at a failure that may have reached a backend unless <paramref name="idempotent"/>.
    /// </summary>
    public async ValueTask<ForwardResult<T>> ForwardAsync<T>(
        ClusterState cluster,
        bool idempotent,
        IAttemptSender<T> sender,
        CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(cluster);
        ArgumentNullException.ThrowIfNull(sender);

        var sequence = new DestinationSequence(cluster);
        var count = sequence.Count;
        if (count == 0)
        {
            return new ForwardResult<T>(default, ForwardError.NoDestination, null);
        }

        // Allocated only when a first attempt fails and another destination is tried.
        ForwardAttempt[]? log = null;
        for (var i = 0; ; i++)
        {
            var destination = sequence[i];
            var result = await SendOnceAsync(cluster, destination, sender, cancellationToken).ConfigureAwait(false);
            var error = result.Error;
            if (log is not null)
            {
                log[i] = new ForwardAttempt(destination, error);
            }

            var isLast = i + 1 == count;
            if (isLast || !FailoverPolicy.CanTryNext(error, idempotent))
            {
                return new ForwardResult<T>(result.Reply, error, destination, log, i + 1);
            }

            if (cancellationToken.IsCancellationRequested)
            {
                // The client left while this attempt failed for another reason; trying more would be wasted work.
                return new ForwardResult<T>(default, ForwardError.Cancelled, destination, log ?? [new ForwardAttempt(destination, error)], i + 1);
            }

            if (log is null)
            {
                log = new ForwardAttempt[count];
                log[i] = new ForwardAttempt(destination, error);
            }

            ForwarderLog.FailingOver(_logger, cluster.Name, destination.Name, error, sequence[i + 1].Name);
        }
    }

    private async ValueTask<AttemptResult<T>> SendOnceAsync<T>(
        ClusterState cluster,
        DestinationState destination,
        IAttemptSender<T> sender,
        CancellationToken cancellationToken)
    {
        // Validation caps timeouts at a day; clamp anyway so a timer argument can never throw on the message path.
        var timeout = cluster.RequestTimeout > TimeSpan.Zero && cluster.RequestTimeout <= ClusterConfig.MaxTimeout
            ? cluster.RequestTimeout
            : ClusterConfig.MaxTimeout;

        // One source that the timer (on the injected clock) and the client's token both cancel: a linked source
        // whose own state tells the two apart afterwards.
        using var attemptCts = new CancellationTokenSource(timeout, _timeProvider);
        using var link = cancellationToken.UnsafeRegister(static state => ((CancellationTokenSource)state!).Cancel(), attemptCts);

        destination.BeginRequest();
        var error = ForwardError.Unexpected;
        try
        {
            var result = await sender.SendAsync(destination, attemptCts.Token).ConfigureAwait(false);
            if (result.Error == ForwardError.Cancelled && !cancellationToken.IsCancellationRequested)
            {
                // The sender saw its token fire but the client is still there: that was our timeout.
                result = AttemptResult<T>.Failed(ForwardError.RequestTimeout);
            }

            error = result.Error;
            return result;
        }
        catch (OperationCanceledException) when (attemptCts.IsCancellationRequested)
        {
            error = cancellationToken.IsCancellationRequested ? ForwardError.Cancelled : ForwardError.RequestTimeout;
            return AttemptResult<T>.Failed(error);
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

            ForwarderLog.SenderThrew(_logger, cluster.Name, destination.Name, error, exception);
            return AttemptResult<T>.Failed(error);
        }
        finally
        {
            destination.EndRequest(FailoverPolicy.IsDestinationFailure(error));
        }
    }
}
