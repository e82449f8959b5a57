namespace SoapRouter.Configuration;

/// <summary>Validation of the queues section (what routes ask of it, <c>routes[].delivery</c> and <c>copyTo</c>, is checked with the routes).</summary>
internal static class QueuesRules
{
    /// <summary>The fewest bytes the store may be given: room for one message of the largest size there is.</summary>
    public const long MinMaxBytes = 1 << 20;

    /// <summary>Checks the store.</summary>
    public static void Check(RouterConfig config, ConfigValidationContext context)
    {
        var queues = config.Queues;
        if (string.Equals(queues.Store, QueueStores.RabbitMq, StringComparison.Ordinal))
        {
            if (RabbitMqAddress.Parse(queues.RabbitMq?.Uri).Error is { } error)
            {
                context.Error("queues.rabbitmq.uri", error);
            }

            if (queues.RabbitMq is { } rabbit && string.IsNullOrWhiteSpace(rabbit.QueuePrefix))
            {
                context.Error("queues.rabbitmq.queuePrefix", "must not be empty");
            }
        }
        else if (!QueueStores.All.Contains(queues.Store, StringComparer.Ordinal))
        {
            context.Error("queues.store", $"unknown store '{queues.Store}'; use '{QueueStores.Local}' (SQLite on the local disk) or '{QueueStores.RabbitMq}' (queues.rabbitmq)");
        }
        else
        {
            context.Require(queues.Path, "queues.path");
        }

        if (queues.MaxBytes < MinMaxBytes)
        {
            context.Error("queues.maxBytes", $"must be at least {MinMaxBytes} (is {queues.MaxBytes})");
        }

        if (queues.OldestAgeAlert <= TimeSpan.Zero)
        {
            context.Error("queues.oldestAgeAlert", $"must be positive (is {queues.OldestAgeAlert})");
        }
    }
}
