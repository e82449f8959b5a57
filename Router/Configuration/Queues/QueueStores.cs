namespace SoapRouter.Configuration;

/// <summary>The values of <c>queues.store</c>.</summary>
public static class QueueStores
{
    /// <summary>SQLite on the local disk.</summary>
    public const string Local = "local";

    /// <summary>RabbitMQ quorum queues shared by every replica (<c>queues.rabbitmq</c>).</summary>
    public const string RabbitMq = "rabbitmq";

    /// <summary>Every valid value.</summary>
    public static readonly IReadOnlyList<string> All = [Local, RabbitMq];
}
