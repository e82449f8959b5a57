using SoapRouter.Pipeline;

namespace SoapRouter.Queues;

/// <summary>
/// A direct route's multicast (<c>routes[].copyTo</c>, RoutingService's multicast, a wire tap): a copy of the message goes
/// to one destination of each listed cluster on its own, with nobody waiting for it, so a copy's reply or failure never
/// reaches or slows the client. Copies under way are bounded: past the bound a copy is dropped and counted as failed.
/// A durable route's copies are durable deliveries of their own instead (<see cref="DurableQueues"/>).
/// </summary>
internal sealed class Multicast(DetachedForwarder forwarder, DurableQueues queues, TimeProvider time, ILogger<Multicast> logger) : IDisposable
{
    /// <summary>Copies under way at most.</summary>
    public const int MaxInFlight = 256;

    private readonly CancellationTokenSource _stopping = new();
    private int _inFlight;

    /// <summary>
    /// Sends a copy of the message of <paramref name="context"/> to each cluster its route names: buffered messages, a net.tcp
    /// session's written on its own first (<see cref="KeptBytes"/>); a streamed message, whose body the router never holds,
    /// is not copied.
    /// </summary>
    public void Send(MessageContext context)
    {
        var route = context.Route!;
        var inbound = context.Inbound;
        var counters = queues.Copies(route.Name);
        if (inbound.Streamed is not null)
        {
            return;
        }

        if (KeptBytes.Of(context) is not { } kept)
        {
            foreach (var cluster in route.CopyTo)
            {
                counters.Record(sent: false);
                QueueLog.CopyFailed(logger, route.Name, cluster, "the message could not be written on its own (msbin1)");
            }

            return;
        }

        foreach (var cluster in route.CopyTo)
        {
            if (Interlocked.Increment(ref _inFlight) > MaxInFlight)
            {
                Interlocked.Decrement(ref _inFlight);
                counters.Record(sent: false);
                QueueLog.CopyFailed(logger, route.Name, cluster, $"more than {MaxInFlight} copies under way");
                continue;
            }

            var copy = StoredMessage.Of(context, kept, QueueNames.CopyOf(route.Name, cluster), cluster, time.GetUtcNow().ToUnixTimeMilliseconds());
            _ = SendAsync(copy, context.OneWay, counters);
        }
    }

    /// <inheritdoc />
    public void Dispose()
    {
        _stopping.Cancel();
        _stopping.Dispose();
    }

    private async Task SendAsync(StoredMessage copy, bool oneWay, CopyCounters counters)
    {
        try
        {
            // Off the client's flow: its answer never waits for a copy.
            await Task.Yield();
            var result = await forwarder.ForwardAsync(copy, oneWay, _stopping.Token).ConfigureAwait(false);
            counters.Record(result.Outcome == DetachedOutcome.Delivered);
            if (result.Outcome != DetachedOutcome.Delivered)
            {
                var reason = result.Reason ?? result.Outcome.ToString();
                QueueLog.CopyFailed(logger, copy.Route, copy.Cluster, reason);
            }
        }
        catch (Exception ex) when (ex is not OutOfMemoryException)
        {
            counters.Record(sent: false);
            var reason = ex.GetType().Name;
            QueueLog.CopyFailed(logger, copy.Route, copy.Cluster, reason);
        }
        finally
        {
            Interlocked.Decrement(ref _inFlight);
        }
    }
}
