using System.Threading.Channels;
using RabbitMQ.Client;
using RabbitMQ.Client.Events;

namespace SoapRouter.Queues.RabbitMq;

/// <summary>
/// The consumer of one queue on a channel of its own: the broker pushes up to <see cref="Prefetch"/> messages ahead, they
/// wait here until the deliverer takes them, and each stays unacknowledged (owned by this router) until it is delivered,
/// moved to the waiting room or dead-lettered. A channel that closes hands them all back to the broker, for another
/// replica or the next session.
/// </summary>
internal sealed class RabbitMqConsumer : IAsyncDisposable
{
    /// <summary>Messages the broker pushes ahead of acknowledgement: one deliverer batch.</summary>
    public const ushort Prefetch = QueueDeliverer.BatchSize;

    private readonly IChannel _channel;
    private readonly Channel<Delivery> _received = Channel.CreateUnbounded<Delivery>(new UnboundedChannelOptions { SingleWriter = true });
    private readonly Action<string> _arrived;

    private RabbitMqConsumer(IChannel channel, string queue, Action<string> arrived)
    {
        _channel = channel;
        Queue = queue;
        _arrived = arrived;
    }

    /// <summary>The router's name of the queue.</summary>
    public string Queue { get; }

    /// <summary>True while its channel is open (a channel the broker closed, on an error of its own, consumes nothing more).</summary>
    public bool IsOpen => _channel.IsOpen;

    /// <summary>True when messages wait to be taken.</summary>
    public bool HasWaiting => _received.Reader.Count > 0;

    /// <summary>Starts consuming <paramref name="broker"/> (the broker's name of <paramref name="queue"/>) on <paramref name="channel"/>.</summary>
    public static async Task<RabbitMqConsumer> StartAsync(IChannel channel, string queue, string broker, Action<string> arrived)
    {
        var consumer = new RabbitMqConsumer(channel, queue, arrived);
        try
        {
            await channel.BasicQosAsync(0, Prefetch, global: false).ConfigureAwait(false);
            var basic = new AsyncEventingBasicConsumer(channel);
            basic.ReceivedAsync += consumer.OnReceivedAsync;
            await channel.BasicConsumeAsync(broker, autoAck: false, basic).ConfigureAwait(false);
            return consumer;
        }
        catch
        {
            await channel.DisposeAsync().ConfigureAwait(false);
            throw;
        }
    }

    /// <summary>Takes one received message, if one waits.</summary>
    public bool TryTake(out Delivery delivery) => _received.Reader.TryRead(out delivery);

    /// <summary>Acknowledges <paramref name="tag"/>: the broker forgets the message.</summary>
    public ValueTask AckAsync(ulong tag) => _channel.BasicAckAsync(tag, multiple: false);

    /// <summary>Rejects <paramref name="tag"/> without requeueing: RabbitMQ dead-letters it.</summary>
    public ValueTask RejectAsync(ulong tag) => _channel.BasicRejectAsync(tag, requeue: false);

    /// <summary>Hands <paramref name="tag"/> back to the queue, to be delivered again.</summary>
    public ValueTask RequeueAsync(ulong tag) => _channel.BasicNackAsync(tag, multiple: false, requeue: true);

    /// <inheritdoc />
    public async ValueTask DisposeAsync()
    {
        _received.Writer.TryComplete();
        try
        {
            await _channel.CloseAsync().ConfigureAwait(false);
        }
        catch (Exception ex) when (ex is not OutOfMemoryException)
        {
            // The connection is gone already; the broker requeued what this channel held.
        }

        await _channel.DisposeAsync().ConfigureAwait(false);
    }

    private Task OnReceivedAsync(object sender, BasicDeliverEventArgs delivery)
    {
        // The body's memory is the client's and is reused after this returns: keep a copy.
        _received.Writer.TryWrite(new Delivery(delivery.DeliveryTag, delivery.BasicProperties, delivery.Body.ToArray()));
        _arrived(Queue);
        return Task.CompletedTask;
    }

    /// <summary>One message as the broker delivered it.</summary>
    internal readonly record struct Delivery(ulong Tag, IReadOnlyBasicProperties Properties, byte[] Body);
}
