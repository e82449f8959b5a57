using System.Collections.Concurrent;
using SoapRouter.Configuration;
using SoapRouter.Pipeline;

namespace SoapRouter.Queues;

/// <summary>
/// The router's durable queues: the store of <c>queues</c> (read at start, opened when a durable message first needs it
/// or when it holds messages from before), the pipeline's durable step (<see cref="AcceptAsync"/>: kept before the client
/// is acknowledged), the counters, and what /stats, /health and GET /queues show. The deliverer
/// (<see cref="QueueDeliverer"/>) takes the messages out.
/// </summary>
internal sealed class DurableQueues : IAsyncDisposable
{
    private readonly QueuesConfig _config;
    private readonly TimeProvider _time;
    private readonly Func<IMessageStore> _open;
    private readonly Lock _openGate = new();
    private readonly ConcurrentDictionary<string, QueueCounters> _queues = new(StringComparer.Ordinal);
    private readonly ConcurrentDictionary<string, CopyCounters> _copies = new(StringComparer.Ordinal);
    private readonly ConcurrentDictionary<string, SemaphoreSlim> _arrivals = new(StringComparer.Ordinal);
    private IMessageStore? _store;
    private string? _openError;

    /// <summary>The queues of <paramref name="config"/>; <paramref name="open"/> opens its store (default: the one queues.store names).</summary>
    public DurableQueues(QueuesConfig config, TimeProvider time, ILogger<DurableQueues> logger, Func<IMessageStore>? open = null)
    {
        _config = config;
        _time = time;
        _open = open ?? (string.Equals(config.Store, QueueStores.RabbitMq, StringComparison.Ordinal)
            ? () => new RabbitMq.RabbitMqMessageStore(config, logger, Signal, time)
            : () => new SqliteMessageStore(Path.GetFullPath(config.Path), config.MaxBytes, logger));
    }

    /// <summary>The store, opened on first use.</summary>
    public IMessageStore Store
    {
        get
        {
            if (Volatile.Read(ref _store) is { } store)
            {
                return store;
            }

            lock (_openGate)
            {
                if (_store is null)
                {
                    try
                    {
                        _store = _open();
                        _openError = null;
                    }
                    catch (Exception ex) when (ex is IOException or UnauthorizedAccessException or Microsoft.Data.Sqlite.SqliteException)
                    {
                        // Its folder cannot be made or written, say: said on /health, and tried again on the next use.
                        _openError = ex.Message;
                        throw;
                    }
                }

                return _store;
            }
        }
    }

    /// <summary>True once the store is open.</summary>
    public bool IsOpen => Volatile.Read(ref _store) is not null;

    /// <summary>True when the local store's folder holds a store from before (messages may wait in it).</summary>
    public bool HasStoreOnDisk =>
        string.Equals(_config.Store, QueueStores.Local, StringComparison.Ordinal) && File.Exists(Path.Combine(Path.GetFullPath(_config.Path), "messages.db"));

    /// <summary>The counters of <paramref name="queue"/>.</summary>
    public QueueCounters Counters(string queue) => _queues.GetOrAdd(queue, static _ => new QueueCounters());

    /// <summary>The direct copies of <paramref name="route"/>.</summary>
    public CopyCounters Copies(string route) => _copies.GetOrAdd(route, static _ => new CopyCounters());

    /// <summary>Completes when a message arrives in <paramref name="queue"/> (or at once if one arrived since the last wait).</summary>
    public Task ArrivalAsync(string queue, TimeSpan timeout, CancellationToken cancellationToken) =>
        Arrival(queue).WaitAsync(timeout, cancellationToken);

    /// <summary>
    /// The durable step: the message of <paramref name="context"/> (one-way, on a durable route), as <paramref name="kept"/>,
    /// kept in its route's queue and each of its copies' at once, flushed before this returns; the client is acknowledged
    /// only on <see cref="StoreResult.Stored"/> or <see cref="StoreResult.Duplicate"/>.
    /// </summary>
    public async ValueTask<StoreResult> AcceptAsync(MessageContext context, KeptBytes kept, CancellationToken cancellationToken)
    {
        var route = context.Route!;
        var targets = new QueueTarget[1 + route.CopyTo.Count];
        targets[0] = new QueueTarget(QueueNames.Of(route.Name), route.Cluster);
        for (var i = 0; i < route.CopyTo.Count; i++)
        {
            targets[i + 1] = new QueueTarget(QueueNames.CopyOf(route.Name, route.CopyTo[i]), route.CopyTo[i]);
        }

        var message = StoredMessage.Of(context, kept, targets[0].Queue, route.Cluster, _time.GetUtcNow().ToUnixTimeMilliseconds());
        StoreResult result;
        try
        {
            result = await Store.AppendAsync(message, targets, cancellationToken).ConfigureAwait(false);
        }
        catch (Exception ex) when (ex is IOException or UnauthorizedAccessException or Microsoft.Data.Sqlite.SqliteException)
        {
            // The store could not even be opened (its folder is not writable, say): nothing was kept.
            result = StoreResult.Unavailable;
        }

        if (result == StoreResult.Stored)
        {
            foreach (var target in targets)
            {
                Counters(target.Queue).Accept();
                Signal(target.Queue);
            }
        }

        return result;
    }

    /// <summary>
    /// Every queue the store holds or the config names, with its depth and counters (once the store is open), and the
    /// routes' direct copies; null when neither has anything to show.
    /// </summary>
    public QueuesSnapshot? Snapshot(IEnumerable<string> configured)
    {
        // A durable route's queue is shown from the start, empty, as the deliverer is about to open the store for it.
        var names = new SortedSet<string>(configured, StringComparer.Ordinal);
        var open = IsOpen || (names.Count > 0 && Opened());
        if (!open && _copies.IsEmpty)
        {
            return null;
        }

        var queues = new SortedDictionary<string, QueueSnapshot>(StringComparer.Ordinal);
        if (open)
        {
            var now = _time.GetUtcNow().ToUnixTimeMilliseconds();
            names.UnionWith(_queues.Keys);
            foreach (var name in names)
            {
                var depth = Store.Depth(name);
                var counters = Counters(name);
                var age = depth.OldestEnqueuedAt == 0 ? 0 : Math.Max(0, (now - depth.OldestEnqueuedAt) / 1000.0);
                queues[name] = new QueueSnapshot(
                    depth.Messages, depth.Bytes, Math.Round(age, 3), depth.DeadLetters, counters.Accepted, counters.Delivered, counters.Retried, counters.DeadLettered);
            }
        }

        var copies = new SortedDictionary<string, CopySnapshot>(StringComparer.Ordinal);
        foreach (var (route, counters) in _copies)
        {
            copies[route] = new CopySnapshot(counters.Sent, counters.Failed);
        }

        var bytes = open && Store is SqliteMessageStore local ? local.Bytes : 0;
        return new QueuesSnapshot(open ? _config.Store : "none", bytes, _config.MaxBytes, queues, copies);
    }

    /// <summary>
    /// Adds to <paramref name="reasons"/> what makes the router degraded: a broker that cannot be reached, a queue whose
    /// oldest message waited past queues.oldestAgeAlert, dead letters waiting.
    /// </summary>
    public void AddHealthReasons(QueuesSnapshot? snapshot, List<string> reasons)
    {
        if (!IsOpen && Volatile.Read(ref _openError) is { } openError)
        {
            reasons.Add($"queues: the {_config.Store} store cannot be opened ({openError}); durable messages are refused");
        }

        if (snapshot is null)
        {
            return;
        }

        if (IsOpen && Store is RabbitMq.RabbitMqMessageStore { Trouble: { } trouble })
        {
            reasons.Add($"queues: RabbitMQ cannot be reached ({trouble}); durable messages are refused");
        }

        foreach (var (name, queue) in snapshot.Queues)
        {
            if (queue.OldestAgeSeconds > _config.OldestAgeAlert.TotalSeconds)
            {
                reasons.Add(string.Create(
                    System.Globalization.CultureInfo.InvariantCulture,
                    $"queue {name}: its oldest message has waited {queue.OldestAgeSeconds:0} s, past queues.oldestAgeAlert ({_config.OldestAgeAlert})"));
            }

            if (queue.DeadLetters > 0)
            {
                reasons.Add($"queue {name}: {queue.DeadLetters} dead letters wait (GET /queues/{name}/dead-letters)");
            }
        }
    }

    /// <inheritdoc />
    public async ValueTask DisposeAsync()
    {
        if (Volatile.Read(ref _store) is { } store)
        {
            await store.DisposeAsync().ConfigureAwait(false);
        }
    }

    /// <summary>Opens the store (if it is not open yet); true once it is, false when it cannot be opened (<see cref="_openError"/> says why).</summary>
    private bool Opened()
    {
        try
        {
            _ = Store;
            return true;
        }
        catch (Exception ex) when (ex is IOException or UnauthorizedAccessException or Microsoft.Data.Sqlite.SqliteException)
        {
            return false;
        }
    }

    private SemaphoreSlim Arrival(string queue) => _arrivals.GetOrAdd(queue, static _ => new SemaphoreSlim(0, 1));

    private void Signal(string queue)
    {
        try
        {
            Arrival(queue).Release();
        }
        catch (SemaphoreFullException)
        {
            // Its deliverer has a wake-up waiting already.
        }
    }
}
