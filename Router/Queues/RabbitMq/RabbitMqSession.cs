using System.Collections.Concurrent;
using RabbitMQ.Client;
using RabbitMQ.Client.Exceptions;

namespace SoapRouter.Queues.RabbitMq;

/// <summary>
/// One connection to the broker and what lives on it: the publishing channels (publisher confirms, each publish awaited
/// until the broker has it on its quorum), the queues declared so far, and one consumer per queue being delivered. When the
/// connection is lost the whole session is dropped: its consumers' unacknowledged messages go back to their queues (the
/// broker does that), and the store opens a new session on its next use.
/// </summary>
internal sealed class RabbitMqSession : IAsyncDisposable
{
    /// <summary>Publishing channels: publishes on one channel wait for each other's frames, not for each other's confirms.</summary>
    private const int Publishers = 4;

    private readonly IConnection _connection;
    private readonly IChannel[] _publishers;
    private readonly RabbitMqNames _names;
    private readonly long _maxBytes;
    private readonly ILogger _logger;
    private readonly ConcurrentDictionary<string, Task> _declared = new(StringComparer.Ordinal);
    private readonly ConcurrentDictionary<string, Task<RabbitMqConsumer>> _consumers = new(StringComparer.Ordinal);
    private int _next;

    private RabbitMqSession(IConnection connection, IChannel[] publishers, RabbitMqNames names, long maxBytes, ILogger logger)
    {
        _connection = connection;
        _publishers = publishers;
        _names = names;
        _maxBytes = maxBytes;
        _logger = logger;
    }

    /// <summary>True while the connection is open.</summary>
    public bool IsOpen => _connection.IsOpen;

    /// <summary>Connects with <paramref name="factory"/> and opens the publishing channels.</summary>
    public static async Task<RabbitMqSession> OpenAsync(ConnectionFactory factory, RabbitMqNames names, long maxBytes, ILogger logger, CancellationToken cancellationToken)
    {
        var connection = await factory.CreateConnectionAsync(cancellationToken).ConfigureAwait(false);
        try
        {
            var publishers = new IChannel[Publishers];
            for (var i = 0; i < publishers.Length; i++)
            {
                publishers[i] = await connection.CreateChannelAsync(
                    new CreateChannelOptions(publisherConfirmationsEnabled: true, publisherConfirmationTrackingEnabled: true),
                    cancellationToken).ConfigureAwait(false);
            }

            return new RabbitMqSession(connection, publishers, names, maxBytes, logger);
        }
        catch
        {
            await connection.DisposeAsync().ConfigureAwait(false);
            throw;
        }
    }

    /// <summary>
    /// Publishes one message to <paramref name="queue"/> (the broker's name; more through the BCC header) and returns once
    /// the broker confirmed it: a <see cref="PublishException"/> when it refused it (a full queue: reject-publish) or could
    /// not route it.
    /// </summary>
    public async Task PublishAsync(string queue, BasicProperties properties, ReadOnlyMemory<byte> body, CancellationToken cancellationToken)
    {
        var channel = _publishers[(int)((uint)Interlocked.Increment(ref _next) % (uint)_publishers.Length)];
        await channel.BasicPublishAsync(string.Empty, queue, mandatory: true, properties, body, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>Declares <paramref name="queue"/>'s three queues on the broker (its own, its waiting room for retries, its dead letters), once per session.</summary>
    public Task DeclareAsync(string queue) => Once(_declared, queue, DeclareAllAsync);

    /// <summary>The consumer of <paramref name="queue"/>, started on first use; <paramref name="arrived"/> is told of each message it receives.</summary>
    public Task<RabbitMqConsumer> ConsumerAsync(string queue, Action<string> arrived)
    {
        var consumer = Once(_consumers, queue, name => StartConsumerAsync(name, arrived));
        if (consumer.IsCompletedSuccessfully && !consumer.Result.IsOpen && _connection.IsOpen)
        {
            // Its channel alone was closed (the broker closes a channel on a channel error): a new one takes its place.
            _consumers.TryRemove(KeyValuePair.Create(queue, consumer));
            consumer = Once(_consumers, queue, name => StartConsumerAsync(name, arrived));
        }

        return consumer;
    }

    /// <summary>A channel of its own for an administrative errand (listing, replaying dead letters); <paramref name="confirms"/> for one that publishes.</summary>
    public Task<IChannel> ChannelAsync(bool confirms, CancellationToken cancellationToken) =>
        _connection.CreateChannelAsync(
            confirms ? new CreateChannelOptions(publisherConfirmationsEnabled: true, publisherConfirmationTrackingEnabled: true) : null,
            cancellationToken);

    /// <inheritdoc />
    public async ValueTask DisposeAsync()
    {
        foreach (var consumer in _consumers.Values)
        {
            if (consumer.IsCompletedSuccessfully)
            {
                await consumer.Result.DisposeAsync().ConfigureAwait(false);
            }
        }

        try
        {
            await _connection.CloseAsync(TimeSpan.FromSeconds(2)).ConfigureAwait(false);
        }
        catch (Exception ex) when (ex is not OutOfMemoryException)
        {
            // Already lost: nothing to close.
        }

        await _connection.DisposeAsync().ConfigureAwait(false);
    }

    /// <summary>The task <paramref name="start"/> made for <paramref name="key"/>, made once; one that failed is forgotten, so the next use tries again.</summary>
    private static TTask Once<TTask>(ConcurrentDictionary<string, TTask> started, string key, Func<string, TTask> start)
        where TTask : Task
    {
        var task = started.GetOrAdd(key, start);
        if (task.IsFaulted || task.IsCanceled)
        {
            started.TryRemove(KeyValuePair.Create(key, task));
        }

        return task;
    }

    private async Task DeclareAllAsync(string queue)
    {
        var main = _names.Main(queue);
        var retry = _names.Retry(queue);
        var dead = _names.Dead(queue);

        // Dead letters: RabbitMQ's own dead-lettering ends here (a message past its delivery limit), and so do the router's
        // (attempts or ttl spent, a message no destination takes), with the reason in a header.
        await DeclareOneAsync(dead, new Dictionary<string, object?> { ["x-queue-type"] = "quorum" }).ConfigureAwait(false);

        // The queue: quorum (replicated, fsynced before the confirm), refusing publishes past queues.maxBytes so the client is
        // never acknowledged for what was not kept, and dead-lettering at least once what RabbitMQ gives up on.
        await DeclareOneAsync(main, new Dictionary<string, object?>
        {
            ["x-queue-type"] = "quorum",
            ["x-max-length-bytes"] = _maxBytes,
            ["x-overflow"] = "reject-publish",
            ["x-dead-letter-exchange"] = string.Empty,
            ["x-dead-letter-routing-key"] = dead,
            ["x-dead-letter-strategy"] = "at-least-once",
            ["x-delivery-limit"] = RabbitMqNames.DeliveryLimit,
        }).ConfigureAwait(false);

        // The waiting room: a message to try again later waits here for its backoff (its expiration), then RabbitMQ moves it
        // back to the queue, at least once. Nothing consumes it.
        await DeclareOneAsync(retry, new Dictionary<string, object?>
        {
            ["x-queue-type"] = "quorum",
            ["x-overflow"] = "reject-publish",
            ["x-dead-letter-exchange"] = string.Empty,
            ["x-dead-letter-routing-key"] = main,
            ["x-dead-letter-strategy"] = "at-least-once",
        }).ConfigureAwait(false);
    }

    /// <summary>Declares one queue on a channel of its own: a queue that exists with other arguments closes that channel only, and is used as it is.</summary>
    private async Task DeclareOneAsync(string name, Dictionary<string, object?> arguments)
    {
        var channel = await _connection.CreateChannelAsync().ConfigureAwait(false);
        try
        {
            await channel.QueueDeclareAsync(name, durable: true, exclusive: false, autoDelete: false, arguments).ConfigureAwait(false);
        }
        catch (OperationInterruptedException ex) when (ex.ShutdownReason?.ReplyCode == 406)
        {
            QueueLog.QueueArgumentsDiffer(_logger, name);
            await using var passive = await _connection.CreateChannelAsync().ConfigureAwait(false);
            await passive.QueueDeclarePassiveAsync(name).ConfigureAwait(false);
        }
        finally
        {
            await channel.DisposeAsync().ConfigureAwait(false);
        }
    }

    private async Task<RabbitMqConsumer> StartConsumerAsync(string queue, Action<string> arrived)
    {
        await DeclareAsync(queue).ConfigureAwait(false);
        var channel = await _connection.CreateChannelAsync().ConfigureAwait(false);
        return await RabbitMqConsumer.StartAsync(channel, queue, _names.Main(queue), arrived).ConfigureAwait(false);
    }
}
