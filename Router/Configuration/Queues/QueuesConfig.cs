namespace SoapRouter.Configuration;

/// <summary>
/// Where durable messages are kept (routes with <c>delivery.mode: durable</c>, and their copies): one queue per route and
/// per copy, in the store named here. Read at start (a change needs a restart).
/// </summary>
public sealed record QueuesConfig
{
    /// <summary><c>local</c> (the default: SQLite on the local disk, at <see cref="Path"/>) or <c>rabbitmq</c> (<see cref="RabbitMq"/>, shared by every replica); <see cref="QueueStores"/>.</summary>
    public string Store { get; init; } = QueueStores.Local;

    /// <summary>The local store's folder (created if missing); relative paths are from the router's working directory. Default <c>queues</c>.</summary>
    public string Path { get; init; } = "queues";

    /// <summary>
    /// The most bytes of messages the store keeps (RabbitMQ: each queue, as its <c>x-max-length-bytes</c>); past it new
    /// durable messages are refused (503, ServerTooBusy). Default 1 GiB.
    /// </summary>
    public long MaxBytes { get; init; } = 1L << 30;

    /// <summary>/health says degraded when a queue's oldest message is older than this. Default 5 minutes.</summary>
    public TimeSpan OldestAgeAlert { get; init; } = TimeSpan.FromMinutes(5);

    /// <summary>The RabbitMQ store's broker (used when <see cref="Store"/> is <c>rabbitmq</c>).</summary>
    [System.Text.Json.Serialization.JsonPropertyName("rabbitmq")]
    public RabbitMqConfig? RabbitMq { get; init; }
}
