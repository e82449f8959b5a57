namespace SoapRouter.Configuration;

/// <summary>
/// <c>queues.rabbitmq</c>: the broker every router replica shares when <c>queues.store</c> is <c>rabbitmq</c>. Each route
/// (and each copy) has a quorum queue of its own, published to with publisher confirms.
/// </summary>
public sealed record RabbitMqConfig
{
    /// <summary>
    /// The broker's AMQP URI (<c>amqp://user:password@host:5672/vhost</c>, or <c>amqps://</c>); the password may be
    /// <c>env:NAME</c>, read from the environment. Never logged.
    /// </summary>
    public string? Uri { get; init; }

    /// <summary>The prefix of the router's queue names on the broker, so several routers' stacks can share one. Default <c>soaprouter.</c>.</summary>
    public string QueuePrefix { get; init; } = "soaprouter.";
}
