namespace SoapRouter.Queues;

/// <summary>The queues' log lines.</summary>
internal static partial class QueueLog
{
    /// <summary>A write to the local store failed (not a full disk, which refuses messages without a log line each).</summary>
    [LoggerMessage(EventId = 2501, Level = LogLevel.Error, Message = "the queue store could not write (SQLite error {Code}, {Reason}); the messages it held stay, new ones are refused")]
    public static partial void StoreWriteFailed(ILogger logger, int code, string reason);

    /// <summary>A durable message was refused: the store is full or cannot be written.</summary>
    [LoggerMessage(EventId = 2502, Level = LogLevel.Warning, Message = "{Listener}: a durable message for route {Route} was refused ({Result}); the client was told to try again")]
    public static partial void Refused(ILogger logger, string listener, string route, StoreResult result);

    /// <summary>A net.tcp session's durable message could not be written on its own (msbin1) to be kept: refused, its session ended.</summary>
    [LoggerMessage(EventId = 2510, Level = LogLevel.Warning, Message = "{Listener}: a durable message for route {Route} could not be written on its own (msbin1) to be kept; its session was ended")]
    public static partial void NotWritable(ILogger logger, string listener, string route);

    /// <summary>A delivery attempt failed; the message is due again later.</summary>
    [LoggerMessage(EventId = 2503, Level = LogLevel.Debug, Message = "queue {Queue}: message {Id} not delivered ({Reason}), attempt {Attempt}; due again in {DelayMs} ms")]
    public static partial void Retrying(ILogger logger, string queue, long id, string reason, int attempt, long delayMs);

    /// <summary>A message went to its queue's dead letters.</summary>
    [LoggerMessage(EventId = 2504, Level = LogLevel.Warning, Message = "queue {Queue}: message {Id} moved to the dead letters after {Attempts} attempts: {Reason}")]
    public static partial void DeadLettered(ILogger logger, string queue, long id, int attempts, string reason);

    /// <summary>The deliverer of a queue failed unexpectedly; it starts again after a pause.</summary>
    [LoggerMessage(EventId = 2505, Level = LogLevel.Error, Message = "queue {Queue}: delivery failed unexpectedly; it goes on in a second")]
    public static partial void DelivererFailed(ILogger logger, Exception exception, string queue);

    /// <summary>A multicast copy could not be sent.</summary>
    [LoggerMessage(EventId = 2506, Level = LogLevel.Debug, Message = "route {Route}: the copy to {Cluster} was not delivered ({Reason})")]
    public static partial void CopyFailed(ILogger logger, string route, string cluster, string reason);

    /// <summary>The RabbitMQ store connected to its broker.</summary>
    [LoggerMessage(EventId = 2507, Level = LogLevel.Information, Message = "the queue store is connected to RabbitMQ at {Broker}")]
    public static partial void BrokerConnected(ILogger logger, string broker);

    /// <summary>The RabbitMQ store lost its broker or could not reach it: durable messages are refused until it is back.</summary>
    [LoggerMessage(EventId = 2508, Level = LogLevel.Warning, Message = "the queue store cannot reach RabbitMQ at {Broker} ({Reason}); durable messages are refused until it is back")]
    public static partial void BrokerUnreachable(ILogger logger, string broker, string reason);

    /// <summary>A queue exists on the broker with other arguments than the router would give it (queues.maxBytes changed, say): it is used as it is.</summary>
    [LoggerMessage(EventId = 2509, Level = LogLevel.Warning, Message = "RabbitMQ queue {Queue} exists with other arguments than this router gives it; it is used as it is (delete it to take the new ones)")]
    public static partial void QueueArgumentsDiffer(ILogger logger, string queue);
}
