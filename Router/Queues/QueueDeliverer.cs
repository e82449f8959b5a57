using System.Collections.Concurrent;
using SoapRouter.Configuration;
using SoapRouter.Pipeline;

namespace SoapRouter.Queues;

/// <summary>
/// Takes durable messages out of their queues and delivers them with the same forwarding as a client's message
/// (<see cref="DetachedForwarder"/>): one loop per queue, a few messages at a time, oldest due first. A message a
/// destination took is removed; one that failed at the transport (destinations down, refused, timed out) or that the
/// service faulted is tried again after a backoff that doubles with jitter; one that keeps failing (its route's
/// <c>delivery.maxAttempts</c> or <c>ttl</c> spent) or cannot be delivered at all goes to its queue's dead letters with
/// the reason. A rescheduled message never holds the queue: the others go on. On stop, what is in flight stays stored
/// and is delivered again after the restart (at least once).
/// </summary>
internal sealed class QueueDeliverer(
    DurableQueues queues, DetachedForwarder forwarder, PipelineStateCache states, TimeProvider time, ILogger<QueueDeliverer> logger, Random? random = null)
    : BackgroundService
{
    /// <summary>Messages taken from a queue at once.</summary>
    public const int BatchSize = 64;

    /// <summary>Deliveries of one queue under way at once.</summary>
    public const int Parallelism = 8;

    private static readonly TimeSpan IdleWait = TimeSpan.FromSeconds(5);
    private static readonly TimeSpan DiscoveryInterval = TimeSpan.FromSeconds(2);
    private static readonly DeliveryConfig DefaultDelivery = new();

    private readonly ConcurrentDictionary<string, Task> _loops = new(StringComparer.Ordinal);
    private readonly Random _random = random ?? Random.Shared;

    /// <inheritdoc />
    protected override async Task ExecuteAsync(CancellationToken stoppingToken)
    {
        // The loops start as queues appear: durable routes of the config in use, and whatever the store kept from before.
        while (!stoppingToken.IsCancellationRequested)
        {
            try
            {
                if (queues.IsOpen || HasDurableRoutes() || queues.HasStoreOnDisk)
                {
                    foreach (var queue in await queues.Store.QueuesAsync(stoppingToken).ConfigureAwait(false))
                    {
                        Start(queue, stoppingToken);
                    }

                    foreach (var queue in ConfiguredQueues(states.Current.State.Config))
                    {
                        Start(queue, stoppingToken);
                    }
                }

                await Task.Delay(DiscoveryInterval, time, stoppingToken).ConfigureAwait(false);
            }
            catch (OperationCanceledException) when (stoppingToken.IsCancellationRequested)
            {
                break;
            }
            catch (Exception ex) when (ex is not OutOfMemoryException)
            {
                QueueLog.DelivererFailed(logger, ex, "*");
                await Task.Delay(TimeSpan.FromSeconds(1), time, CancellationToken.None).ConfigureAwait(false);
            }
        }

        await Task.WhenAll(_loops.Values).ConfigureAwait(false);
    }

    /// <summary>The queues <paramref name="config"/>'s durable routes fill: each route's own and its copies'.</summary>
    public static IEnumerable<string> ConfiguredQueues(RouterConfig config)
    {
        foreach (var route in config.Routes)
        {
            if (route.Delivery?.IsDurable != true)
            {
                continue;
            }

            yield return QueueNames.Of(route.Name);
            foreach (var cluster in route.CopyTo)
            {
                yield return QueueNames.CopyOf(route.Name, cluster);
            }
        }
    }

    /// <summary>The backoff before attempt <paramref name="attempt"/> + 1: initialBackoff doubled per attempt up to maxBackoff, between half and all of it.</summary>
    public static TimeSpan Backoff(DeliveryConfig delivery, int attempt, double jitter)
    {
        var exponent = Math.Min(Math.Max(attempt - 1, 0), 30);
        var full = Math.Min(delivery.InitialBackoff.TotalMilliseconds * Math.Pow(2, exponent), delivery.MaxBackoff.TotalMilliseconds);
        return TimeSpan.FromMilliseconds(full * (0.5 + (jitter * 0.5)));
    }

    private bool HasDurableRoutes() => ConfiguredQueues(states.Current.State.Config).Any();

    private void Start(string queue, CancellationToken stoppingToken) =>
        _loops.GetOrAdd(queue, name => Task.Run(() => DeliverQueueAsync(name, stoppingToken), CancellationToken.None));

    private async Task DeliverQueueAsync(string queue, CancellationToken stoppingToken)
    {
        var store = queues.Store;
        var options = new ParallelOptions { MaxDegreeOfParallelism = Parallelism, CancellationToken = stoppingToken };
        while (!stoppingToken.IsCancellationRequested)
        {
            try
            {
                var now = time.GetUtcNow().ToUnixTimeMilliseconds();
                var due = await store.TakeDueAsync(queue, BatchSize, now, stoppingToken).ConfigureAwait(false);
                if (due.Count == 0)
                {
                    var next = await store.NextDueAsync(queue, stoppingToken).ConfigureAwait(false);
                    var wait = next is { } at ? TimeSpan.FromMilliseconds(Math.Clamp(at - now, 1, IdleWait.TotalMilliseconds)) : IdleWait;
                    await queues.ArrivalAsync(queue, wait, stoppingToken).ConfigureAwait(false);
                    continue;
                }

                await Parallel.ForEachAsync(due, options, (message, token) => DeliverAsync(message, token)).ConfigureAwait(false);
            }
            catch (OperationCanceledException) when (stoppingToken.IsCancellationRequested)
            {
                return;
            }
            catch (Exception ex) when (ex is not OutOfMemoryException)
            {
                // The store failed to read or write (its disk, say): the messages stay where they are; try again shortly.
                QueueLog.DelivererFailed(logger, ex, queue);
                try
                {
                    await Task.Delay(TimeSpan.FromSeconds(1), time, stoppingToken).ConfigureAwait(false);
                }
                catch (OperationCanceledException)
                {
                    return;
                }
            }
        }
    }

    private async ValueTask DeliverAsync(StoredMessage message, CancellationToken stoppingToken)
    {
        var result = await forwarder.ForwardAsync(message, oneWay: true, stoppingToken).ConfigureAwait(false);
        var counters = queues.Counters(message.Queue);
        var store = queues.Store;
        if (result.Outcome == DetachedOutcome.Stopped)
        {
            return;
        }

        if (result.Outcome == DetachedOutcome.Delivered)
        {
            await store.CompleteAsync(message, CancellationToken.None).ConfigureAwait(false);
            counters.Deliver();
            return;
        }

        var attempts = message.Attempts + 1;
        var delivery = DeliveryOf(message.Route);
        var now = time.GetUtcNow().ToUnixTimeMilliseconds();
        var reason = result.Reason ?? result.Outcome.ToString();
        string? dead = result.Outcome switch
        {
            DetachedOutcome.Unusable => reason,
            _ when attempts >= delivery.MaxAttempts => $"{reason} ({attempts} attempts, delivery.maxAttempts is {delivery.MaxAttempts})",
            _ when now - message.EnqueuedAt >= delivery.Ttl.TotalMilliseconds => $"{reason} (waited past delivery.ttl, {delivery.Ttl})",
            _ => null,
        };
        if (dead is not null)
        {
            await store.DeadLetterAsync(message, dead, CancellationToken.None).ConfigureAwait(false);
            counters.DeadLetter();
            QueueLog.DeadLettered(logger, message.Queue, message.Id, attempts, dead);
            return;
        }

        var delay = Backoff(delivery, attempts, _random.NextDouble());
        await store.RetryAsync(message, now + (long)delay.TotalMilliseconds, reason, CancellationToken.None).ConfigureAwait(false);
        counters.Retry();
        QueueLog.Retrying(logger, message.Queue, message.Id, reason, attempts, (long)delay.TotalMilliseconds);
    }

    /// <summary>The delivery settings of <paramref name="route"/> in the config in use; a route gone or made direct by a reload keeps the defaults, and what it stored is still delivered.</summary>
    private DeliveryConfig DeliveryOf(string route)
    {
        foreach (var config in states.Current.State.Config.Routes)
        {
            if (string.Equals(config.Name, route, StringComparison.Ordinal) && config.Delivery is { } delivery)
            {
                return delivery;
            }
        }

        return DefaultDelivery;
    }
}
