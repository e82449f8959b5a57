namespace SoapRouter.Configuration;

/// <summary>Validation of the queues section and of what routes ask of it (<c>routes[].delivery</c>, <c>routes[].copyTo</c>).</summary>
internal static class QueuesRules
{
    /// <summary>The fewest bytes the store may be given: room for one message of the largest size there is.</summary>
    public const long MinMaxBytes = 1 << 20;

    /// <summary>Checks the store and every route's delivery and copies.</summary>
    public static void Check(RouterConfig config, ConfigValidationContext context)
    {
        var queues = config.Queues;
        if (string.Equals(queues.Store, QueueStores.RabbitMq, StringComparison.Ordinal))
        {
            context.Error("queues.store", $"the RabbitMQ store is not built yet; use '{QueueStores.Local}' (SQLite on the local disk)");
        }
        else if (!QueueStores.All.Contains(queues.Store, StringComparer.Ordinal))
        {
            context.Error("queues.store", $"unknown store '{queues.Store}'; use '{QueueStores.Local}' (SQLite on the local disk)");
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

        for (var i = 0; i < config.Routes.Count; i++)
        {
            CheckRoute(config.Routes[i], ConfigPath.Index("routes", i), config, context);
        }
    }

    private static void CheckRoute(RouteConfig route, string path, RouterConfig config, ConfigValidationContext context)
    {
        if (route.Delivery is { } delivery)
        {
            var deliveryPath = ConfigPath.Property(path, "delivery");
            if (!DeliveryModes.All.Contains(delivery.Mode, StringComparer.Ordinal))
            {
                context.Error(
                    ConfigPath.Property(deliveryPath, "mode"),
                    $"unknown mode '{delivery.Mode}'; use '{DeliveryModes.Direct}' (the default) or '{DeliveryModes.Durable}' (one-way messages kept before they are acknowledged)");
            }

            if (delivery.MaxAttempts is < 1 or > DeliveryConfig.MaxAttemptsLimit)
            {
                context.Error(ConfigPath.Property(deliveryPath, "maxAttempts"), $"must be from 1 to {DeliveryConfig.MaxAttemptsLimit} (is {delivery.MaxAttempts})");
            }

            if (delivery.InitialBackoff <= TimeSpan.Zero || delivery.InitialBackoff > delivery.MaxBackoff)
            {
                context.Error(ConfigPath.Property(deliveryPath, "initialBackoff"), $"must be positive and at most maxBackoff ({delivery.MaxBackoff}) (is {delivery.InitialBackoff})");
            }

            if (delivery.MaxBackoff > ClusterConfig.MaxTimeout)
            {
                context.Error(ConfigPath.Property(deliveryPath, "maxBackoff"), $"must be at most {ClusterConfig.MaxTimeout} (is {delivery.MaxBackoff})");
            }

            if (delivery.Ttl <= TimeSpan.Zero)
            {
                context.Error(ConfigPath.Property(deliveryPath, "ttl"), $"must be positive (is {delivery.Ttl})");
            }
        }

        var seen = new HashSet<string>(StringComparer.Ordinal);
        for (var j = 0; j < route.CopyTo.Count; j++)
        {
            var copyPath = ConfigPath.Index(ConfigPath.Property(path, "copyTo"), j);
            var cluster = route.CopyTo[j];
            if (!context.Require(cluster, copyPath))
            {
                continue;
            }

            if (!config.Clusters.ContainsKey(cluster))
            {
                context.Error(copyPath, $"unknown cluster '{cluster}'");
            }
            else if (string.Equals(cluster, route.Cluster, StringComparison.Ordinal))
            {
                context.Error(copyPath, $"'{cluster}' is the route's own cluster: a copy goes to another one");
            }
            else if (!seen.Add(cluster))
            {
                context.Error(copyPath, $"'{cluster}' is named twice");
            }
        }
    }
}
