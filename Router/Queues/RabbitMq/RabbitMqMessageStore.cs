using System.Collections.Concurrent;
using System.Globalization;
using RabbitMQ.Client;
using RabbitMQ.Client.Exceptions;
using SoapRouter.Configuration;

namespace SoapRouter.Queues.RabbitMq;

/// <summary>
/// The shared engine: RabbitMQ (RabbitMQ.Client 7), one quorum queue per router queue, shared by every replica.
/// <list type="bullet">
/// <item>Accept: one publish with a publisher confirm reaches the route's queue and its copies' (sender-selected
/// distribution); the client is acknowledged only once the broker confirmed it (a quorum queue confirms once a majority
/// has it on disk). A queue past queues.maxBytes refuses the publish (reject-publish); a broker that cannot be reached
/// refuses everything, and is tried again (at most once a second) without a restart.</item>
/// <item>Deliver: each replica consumes every queue; a message stays unacknowledged while its delivery runs, so a replica
/// that dies hands it back to the broker and another delivers it (at least once).</item>
/// <item>Retry: the message waits in the queue's waiting room for its backoff (a per-message expiration), then RabbitMQ
/// dead-letters it back into the queue. Dead letters: their own queue, fed by the router (with the reason) and by
/// RabbitMQ's own dead-lettering (a message past its delivery limit).</item>
/// </list>
/// </summary>
internal sealed class RabbitMqMessageStore : IMessageStore
{
    private static readonly TimeSpan ReconnectPause = TimeSpan.FromSeconds(1);
    private static readonly TimeSpan PublishTimeout = TimeSpan.FromSeconds(10);
    private static readonly TimeSpan ConnectTimeout = TimeSpan.FromSeconds(5);
    private static readonly TimeSpan DuplicateWindow = TimeSpan.FromMinutes(10);
    private static readonly TimeSpan RefreshInterval = TimeSpan.FromSeconds(2);

    /// <summary>How long past its due time a message this router put in a waiting room still counts as its own (another replica may take it when it comes back).</summary>
    private static readonly TimeSpan WaitingGrace = TimeSpan.FromMinutes(1);

    private const int MaxRemembered = 100_000;

    private readonly ConnectionFactory _factory;
    private readonly string _broker;
    private readonly RabbitMqNames _names;
    private readonly long _maxBytes;
    private readonly ILogger _logger;
    private readonly Action<string> _arrived;
    private readonly TimeProvider _time;
    private readonly SemaphoreSlim _connecting = new(1, 1);
    private readonly ConcurrentDictionary<string, byte> _known = new(StringComparer.Ordinal);
    private readonly ConcurrentDictionary<long, Held> _held = new();
    private readonly ConcurrentDictionary<string, Waiting> _waiting = new(StringComparer.Ordinal);
    private readonly ConcurrentDictionary<string, (long Ready, long Dead)> _counts = new(StringComparer.Ordinal);
    private readonly ConcurrentDictionary<string, long> _recentIds = new(StringComparer.Ordinal);
    private readonly CancellationTokenSource _stopping = new();
    private readonly Task _refresh;
    private RabbitMqSession? _session;
    private long _reconnectAt;
    private long _nextId;
    private string? _trouble;

    /// <summary>
    /// The store on the broker of <paramref name="config"/>'s <c>rabbitmq</c> section; <paramref name="arrived"/> is told when
    /// a queue receives a message (its deliverer wakes up). Connects on first use.
    /// </summary>
    public RabbitMqMessageStore(QueuesConfig config, ILogger logger, Action<string> arrived, TimeProvider? time = null)
    {
        ArgumentNullException.ThrowIfNull(config);
        var address = RabbitMqAddress.Parse(config.RabbitMq?.Uri);
        if (address.Error is { } error)
        {
            throw new ArgumentException($"queues.rabbitmq.uri: {error}", nameof(config));
        }

        _factory = new ConnectionFactory
        {
            Uri = address.Endpoint!,
            AutomaticRecoveryEnabled = false,
            TopologyRecoveryEnabled = false,
            RequestedHeartbeat = TimeSpan.FromSeconds(15),
            RequestedConnectionTimeout = ConnectTimeout,
            ClientProvidedName = $"soap-router {Environment.MachineName}",
        };
        if (address.UserName is { } user)
        {
            _factory.UserName = user;
            _factory.Password = address.Password ?? string.Empty;
        }

        _broker = address.Display;
        _names = new RabbitMqNames(config.RabbitMq!.QueuePrefix);
        _maxBytes = config.MaxBytes;
        _logger = logger;
        _arrived = arrived;
        _time = time ?? TimeProvider.System;
        _refresh = Task.Run(RefreshLoopAsync);
    }

    /// <summary>Why the broker cannot be used now (for /health); null while it can.</summary>
    public string? Trouble => Volatile.Read(ref _trouble);

    /// <inheritdoc />
    public async ValueTask<StoreResult> AppendAsync(StoredMessage message, IReadOnlyList<QueueTarget> targets, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(message);
        ArgumentNullException.ThrowIfNull(targets);
        var duplicateKey = message.MessageId is { } id ? targets[0].Queue + "\n" + id : null;
        if (duplicateKey is not null && _recentIds.TryGetValue(duplicateKey, out var until) && until > Now())
        {
            return StoreResult.Duplicate;
        }

        if (await SessionAsync(cancellationToken).ConfigureAwait(false) is not { } session)
        {
            return StoreResult.Unavailable;
        }

        var brokerTargets = new (string Broker, string Cluster)[targets.Count];
        for (var i = 0; i < targets.Count; i++)
        {
            _known.TryAdd(targets[i].Queue, 0);
            brokerTargets[i] = (_names.Main(targets[i].Queue), targets[i].Cluster);
        }

        try
        {
            foreach (var target in targets)
            {
                await session.DeclareAsync(target.Queue).ConfigureAwait(false);
            }

            using var timeout = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken, _stopping.Token);
            timeout.CancelAfter(PublishTimeout);
            var properties = RabbitMqEnvelope.Properties(message, brokerTargets, Guid.NewGuid().ToString("N"));
            await session.PublishAsync(brokerTargets[0].Broker, properties, message.Body, timeout.Token).ConfigureAwait(false);
        }
        catch (PublishException refused)
        {
            // Nacked: a queue is at queues.maxBytes (reject-publish). Returned: a queue is missing (deleted behind the router's back).
            return refused.IsReturn ? StoreResult.Unavailable : StoreResult.Full;
        }
        catch (Exception ex) when (ex is not OutOfMemoryException)
        {
            // Lost in the middle of the publish, or no confirm in time: the message may or may not be kept, so the client is
            // not acknowledged (if it was kept after all, it is delivered; the client's retry is a duplicate, as at least once allows).
            await DropAsync(session, ex).ConfigureAwait(false);
            return StoreResult.Unavailable;
        }

        if (duplicateKey is not null)
        {
            Remember(duplicateKey);
        }

        return StoreResult.Stored;
    }

    /// <inheritdoc />
    public async ValueTask<IReadOnlyList<StoredMessage>> TakeDueAsync(string queue, int max, long now, CancellationToken cancellationToken)
    {
        _known.TryAdd(queue, 0);
        if (await SessionAsync(cancellationToken).ConfigureAwait(false) is not { } session)
        {
            return [];
        }

        RabbitMqConsumer consumer;
        try
        {
            consumer = await session.ConsumerAsync(queue, _arrived).ConfigureAwait(false);
        }
        catch (Exception ex) when (ex is not OutOfMemoryException and not OperationCanceledException)
        {
            await DropAsync(session, ex).ConfigureAwait(false);
            return [];
        }

        var taken = new List<StoredMessage>();
        var main = _names.Main(queue);
        while (taken.Count < max && consumer.TryTake(out var delivery))
        {
            var id = Interlocked.Increment(ref _nextId);
            if (RabbitMqEnvelope.Read(id, queue, main, delivery.Properties, delivery.Body) is not { } message)
            {
                // Not a message the router published (something else wrote to its queue): RabbitMQ dead-letters it.
                await Quietly(consumer.RejectAsync(delivery.Tag)).ConfigureAwait(false);
                continue;
            }

            var key = RabbitMqEnvelope.KeyOf(delivery.Properties);
            if (key is not null)
            {
                _waiting.TryRemove(key, out _);
            }

            _held[id] = new Held(consumer, delivery.Tag, queue, message.EnqueuedAt, key);
            taken.Add(message);
        }

        return taken;
    }

    /// <inheritdoc />
    public async ValueTask<long?> NextDueAsync(string queue, CancellationToken cancellationToken)
    {
        // What is due is what the broker has pushed; a waiting message comes back by itself, and its arrival wakes the deliverer.
        if (Volatile.Read(ref _session) is not { IsOpen: true } session)
        {
            return null;
        }

        try
        {
            var consumer = await session.ConsumerAsync(queue, _arrived).ConfigureAwait(false);
            return consumer.HasWaiting ? 0 : null;
        }
        catch (Exception ex) when (ex is not OutOfMemoryException and not OperationCanceledException)
        {
            await DropAsync(session, ex).ConfigureAwait(false);
            return null;
        }
    }

    /// <inheritdoc />
    public async ValueTask CompleteAsync(StoredMessage message, CancellationToken cancellationToken)
    {
        if (_held.TryRemove(message.Id, out var held))
        {
            // An acknowledgement that cannot reach the broker leaves the message to be delivered again: at least once.
            await Quietly(held.Consumer.AckAsync(held.Tag)).ConfigureAwait(false);
        }
    }

    /// <inheritdoc />
    public async ValueTask RetryAsync(StoredMessage message, long due, string reason, CancellationToken cancellationToken)
    {
        if (!_held.TryRemove(message.Id, out var held))
        {
            return;
        }

        var waited = message with { Attempts = message.Attempts + 1, Reason = reason };
        var delay = Math.Max(0, due - Now());
        await MoveAsync(held, waited, _names.Retry(message.Queue), delay).ConfigureAwait(false);
        if (held.Key is { } key)
        {
            _waiting[key] = new Waiting(message.Queue, message.EnqueuedAt, due + (long)WaitingGrace.TotalMilliseconds);
        }
    }

    /// <inheritdoc />
    public async ValueTask DeadLetterAsync(StoredMessage message, string reason, CancellationToken cancellationToken)
    {
        if (_held.TryRemove(message.Id, out var held))
        {
            await MoveAsync(held, message with { Attempts = message.Attempts + 1, Reason = reason }, _names.Dead(message.Queue), expiration: null).ConfigureAwait(false);

            // Counted at once (the broker's count replaces it at the next refresh).
            _counts.AddOrUpdate(message.Queue, static _ => (0, 1), static (_, counts) => (counts.Ready, counts.Dead + 1));
        }
    }

    /// <inheritdoc />
    public ValueTask<IReadOnlyList<string>> QueuesAsync(CancellationToken cancellationToken) =>
        ValueTask.FromResult<IReadOnlyList<string>>(_known.Keys.ToArray());

    /// <inheritdoc />
    public QueueDepth Depth(string queue)
    {
        _known.TryAdd(queue, 0);
        _counts.TryGetValue(queue, out var counts);
        long held = 0;
        long oldest = 0;
        foreach (var message in _held.Values)
        {
            if (string.Equals(message.Queue, queue, StringComparison.Ordinal))
            {
                held++;
                oldest = Oldest(oldest, message.EnqueuedAt);
            }
        }

        var now = Now();
        foreach (var (key, waiting) in _waiting)
        {
            if (waiting.ForgetAfter < now)
            {
                // Back in the queue long since, and taken by another replica: no longer this one's to count.
                _waiting.TryRemove(key, out _);
            }
            else if (string.Equals(waiting.Queue, queue, StringComparison.Ordinal))
            {
                oldest = Oldest(oldest, waiting.EnqueuedAt);
            }
        }

        // The broker counts the messages ready in the queue and its waiting room; this replica adds those it holds. The bytes
        // are the broker's to tell (its management page): AMQP does not say them.
        return new QueueDepth(counts.Ready + held, 0, oldest, counts.Dead);
    }

    /// <inheritdoc />
    public async ValueTask<IReadOnlyList<StoredMessage>> DeadLettersAsync(string queue, int max, CancellationToken cancellationToken)
    {
        var session = await RequireSessionAsync(cancellationToken).ConfigureAwait(false);
        await session.DeclareAsync(queue).ConfigureAwait(false);

        // Read without acknowledging, then close the channel: the broker puts every one of them back.
        await using var channel = await session.ChannelAsync(confirms: false, cancellationToken).ConfigureAwait(false);
        var letters = new List<StoredMessage>();
        var main = _names.Main(queue);
        while (letters.Count < max && await channel.BasicGetAsync(_names.Dead(queue), autoAck: false, cancellationToken).ConfigureAwait(false) is { } got)
        {
            if (RabbitMqEnvelope.Read(letters.Count + 1, queue, main, got.BasicProperties, got.Body, withBody: false) is { } letter)
            {
                letters.Add(letter);
            }
        }

        await channel.CloseAsync(cancellationToken).ConfigureAwait(false);
        return letters;
    }

    /// <inheritdoc />
    public async ValueTask<int> ReplayAsync(string queue, CancellationToken cancellationToken)
    {
        var session = await RequireSessionAsync(cancellationToken).ConfigureAwait(false);
        await session.DeclareAsync(queue).ConfigureAwait(false);
        await using var channel = await session.ChannelAsync(confirms: true, cancellationToken).ConfigureAwait(false);
        var dead = _names.Dead(queue);
        var main = _names.Main(queue);

        // Only those there now: a replayed message that fails again comes back to the dead letters, and is not replayed twice.
        var count = await channel.MessageCountAsync(dead, cancellationToken).ConfigureAwait(false);
        var replayed = 0;
        for (var i = 0; i < count && await channel.BasicGetAsync(dead, autoAck: false, cancellationToken).ConfigureAwait(false) is { } got; i++)
        {
            var properties = RabbitMqEnvelope.Read(0, queue, main, got.BasicProperties, got.Body) is { } letter
                ? RabbitMqEnvelope.Properties(letter with { Attempts = 0, Reason = null }, [(main, letter.Cluster)], Guid.NewGuid().ToString("N"))
                : new BasicProperties(got.BasicProperties);
            await channel.BasicPublishAsync(string.Empty, main, mandatory: true, properties, got.Body, cancellationToken).ConfigureAwait(false);
            await channel.BasicAckAsync(got.DeliveryTag, multiple: false, cancellationToken).ConfigureAwait(false);
            replayed++;
        }

        if (replayed > 0)
        {
            // What /stats and the operator's page say follows the operator's act at once, not at the next refresh.
            await CountAsync(channel, queue, cancellationToken).ConfigureAwait(false);
            _arrived(queue);
        }

        return replayed;
    }

    /// <inheritdoc />
    public async ValueTask<int> PurgeAsync(string queue, CancellationToken cancellationToken)
    {
        var session = await RequireSessionAsync(cancellationToken).ConfigureAwait(false);
        await session.DeclareAsync(queue).ConfigureAwait(false);
        await using var channel = await session.ChannelAsync(confirms: false, cancellationToken).ConfigureAwait(false);
        var purged = (int)await channel.QueuePurgeAsync(_names.Dead(queue), cancellationToken).ConfigureAwait(false);
        await CountAsync(channel, queue, cancellationToken).ConfigureAwait(false);
        return purged;
    }

    /// <inheritdoc />
    public async ValueTask DisposeAsync()
    {
        await _stopping.CancelAsync().ConfigureAwait(false);
        await _refresh.ConfigureAwait(false);
        if (Interlocked.Exchange(ref _session, null) is { } session)
        {
            // Closing the channels hands every message still held back to the broker.
            await session.DisposeAsync().ConfigureAwait(false);
        }

        _stopping.Dispose();
        _connecting.Dispose();
    }

    private static long Oldest(long oldest, long enqueuedAt) => oldest == 0 || (enqueuedAt > 0 && enqueuedAt < oldest) ? enqueuedAt : oldest;

    private static async Task Quietly(ValueTask operation)
    {
        try
        {
            await operation.ConfigureAwait(false);
        }
        catch (Exception ex) when (ex is not OutOfMemoryException)
        {
            // The channel is gone: the broker requeued the message it held, which is delivered again.
        }
    }

    private long Now() => _time.GetUtcNow().ToUnixTimeMilliseconds();

    /// <summary>Publishes <paramref name="message"/> (confirmed) to <paramref name="brokerQueue"/>, then acknowledges the delivery it came from.</summary>
    private async Task MoveAsync(Held held, StoredMessage message, string brokerQueue, long? expiration)
    {
        try
        {
            var session = await RequireSessionAsync(_stopping.Token).ConfigureAwait(false);
            var properties = RabbitMqEnvelope.Properties(message, [(_names.Main(message.Queue), message.Cluster)], held.Key ?? Guid.NewGuid().ToString("N"));
            if (expiration is { } milliseconds)
            {
                properties.Expiration = milliseconds.ToString(CultureInfo.InvariantCulture);
            }

            using var timeout = CancellationTokenSource.CreateLinkedTokenSource(_stopping.Token);
            timeout.CancelAfter(PublishTimeout);
            await session.PublishAsync(brokerQueue, properties, message.Body, timeout.Token).ConfigureAwait(false);
        }
        catch (Exception ex) when (ex is not OutOfMemoryException)
        {
            // Not moved: the message goes back to its queue (or, with its channel gone, the broker put it back already).
            await Quietly(held.Consumer.RequeueAsync(held.Tag)).ConfigureAwait(false);
            throw new StoreUnavailableException($"the message could not be moved to {brokerQueue}: {Describe(ex)}");
        }

        await Quietly(held.Consumer.AckAsync(held.Tag)).ConfigureAwait(false);
    }

    private void Remember(string key)
    {
        var now = Now();
        if (_recentIds.Count >= MaxRemembered)
        {
            foreach (var (old, until) in _recentIds)
            {
                if (until <= now)
                {
                    _recentIds.TryRemove(old, out _);
                }
            }
        }

        if (_recentIds.Count < MaxRemembered)
        {
            _recentIds[key] = now + (long)DuplicateWindow.TotalMilliseconds;
        }
    }

    private async Task<RabbitMqSession> RequireSessionAsync(CancellationToken cancellationToken) =>
        await SessionAsync(cancellationToken).ConfigureAwait(false)
        ?? throw new StoreUnavailableException($"RabbitMQ at {_broker} cannot be reached ({Trouble ?? "connecting"})");

    /// <summary>The open session, or a new one; null while the broker cannot be reached (tried again at most once a second).</summary>
    private async Task<RabbitMqSession?> SessionAsync(CancellationToken cancellationToken)
    {
        if (Volatile.Read(ref _session) is { IsOpen: true } open)
        {
            return open;
        }

        await _connecting.WaitAsync(cancellationToken).ConfigureAwait(false);
        try
        {
            if (_session is { } current)
            {
                if (current.IsOpen)
                {
                    return current;
                }

                await DropLockedAsync(current, "the connection was lost").ConfigureAwait(false);
            }

            if (Now() < Interlocked.Read(ref _reconnectAt))
            {
                return null;
            }

            try
            {
                using var timeout = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken, _stopping.Token);
                timeout.CancelAfter(ConnectTimeout);
                var session = await RabbitMqSession.OpenAsync(_factory, _names, _maxBytes, _logger, timeout.Token).ConfigureAwait(false);
                Volatile.Write(ref _session, session);
                Volatile.Write(ref _trouble, null);
                QueueLog.BrokerConnected(_logger, _broker);
                return session;
            }
            catch (Exception ex) when (ex is not OutOfMemoryException && !_stopping.IsCancellationRequested)
            {
                Interlocked.Exchange(ref _reconnectAt, Now() + (long)ReconnectPause.TotalMilliseconds);
                Unreachable(Describe(ex));
                return null;
            }
        }
        finally
        {
            _connecting.Release();
        }
    }

    private async Task DropAsync(RabbitMqSession session, Exception cause)
    {
        await _connecting.WaitAsync().ConfigureAwait(false);
        try
        {
            if (ReferenceEquals(_session, session))
            {
                await DropLockedAsync(session, Describe(cause)).ConfigureAwait(false);
            }
        }
        finally
        {
            _connecting.Release();
        }
    }

    private async Task DropLockedAsync(RabbitMqSession session, string reason)
    {
        Volatile.Write(ref _session, null);
        Unreachable(reason);

        // The held messages' channels are gone with it: the broker hands them out again.
        _held.Clear();

        await session.DisposeAsync().ConfigureAwait(false);
    }

    private void Unreachable(string reason)
    {
        if (Interlocked.Exchange(ref _trouble, reason) is null)
        {
            QueueLog.BrokerUnreachable(_logger, _broker, reason);
        }
    }

    private static string Describe(Exception ex)
    {
        var inner = ex;
        while (inner.InnerException is not null)
        {
            inner = inner.InnerException;
        }

        return ex is OperationCanceledException ? "no answer in time" : inner.Message;
    }

    /// <summary>Every 2 s, how many messages wait in each queue on the broker (for /stats and /health).</summary>
    private async Task RefreshLoopAsync()
    {
        while (!_stopping.IsCancellationRequested)
        {
            try
            {
                await Task.Delay(RefreshInterval, _time, _stopping.Token).ConfigureAwait(false);
                if (_known.IsEmpty || await SessionAsync(_stopping.Token).ConfigureAwait(false) is not { } session)
                {
                    continue;
                }

                await using var channel = await session.ChannelAsync(confirms: false, _stopping.Token).ConfigureAwait(false);
                foreach (var queue in _known.Keys)
                {
                    await session.DeclareAsync(queue).ConfigureAwait(false);
                    await CountAsync(channel, queue, _stopping.Token).ConfigureAwait(false);
                }
            }
            catch (OperationCanceledException) when (_stopping.IsCancellationRequested)
            {
                return;
            }
            catch (Exception ex) when (ex is not OutOfMemoryException)
            {
                // The next round asks again (a lost connection is found, reported and reopened by the store's next use).
                _ = ex;
            }
        }
    }

    /// <summary>Asks the broker how many messages wait in <paramref name="queue"/> (its waiting room included) and its dead letters.</summary>
    private async Task CountAsync(IChannel channel, string queue, CancellationToken cancellationToken)
    {
        var ready = await channel.MessageCountAsync(_names.Main(queue), cancellationToken).ConfigureAwait(false)
            + await channel.MessageCountAsync(_names.Retry(queue), cancellationToken).ConfigureAwait(false);
        var dead = await channel.MessageCountAsync(_names.Dead(queue), cancellationToken).ConfigureAwait(false);
        _counts[queue] = (ready, dead);
    }

    /// <summary>A message this router holds: the consumer and tag to acknowledge it with.</summary>
    private sealed record Held(RabbitMqConsumer Consumer, ulong Tag, string Queue, long EnqueuedAt, string? Key);

    /// <summary>A message this router put in a waiting room, until it comes back (or, taken by another replica, until <paramref name="ForgetAfter"/>).</summary>
    private readonly record struct Waiting(string Queue, long EnqueuedAt, long ForgetAfter);
}
