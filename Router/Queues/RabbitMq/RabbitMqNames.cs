namespace SoapRouter.Queues.RabbitMq;

/// <summary>The broker's names of a router queue's three queues: its own, its waiting room for retries, its dead letters.</summary>
/// <param name="Prefix">queues.rabbitmq.queuePrefix.</param>
internal sealed record RabbitMqNames(string Prefix)
{
    /// <summary>
    /// Deliveries of one message RabbitMQ allows before dead-lettering it itself: a message whose deliveries are cut again
    /// and again (a router that crashes on it) ends in the dead letters instead of going round for ever.
    /// </summary>
    public const int DeliveryLimit = 50;

    /// <summary>The queue messages wait in to be delivered.</summary>
    public string Main(string queue) => Prefix + queue;

    /// <summary>The queue a message waits in for its backoff before it is tried again.</summary>
    public string Retry(string queue) => Prefix + queue + ".retry";

    /// <summary>The dead letters.</summary>
    public string Dead(string queue) => Prefix + queue + ".dead";
}
