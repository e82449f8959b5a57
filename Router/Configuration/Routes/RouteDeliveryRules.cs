namespace SoapRouter.Configuration;

/// <summary>
/// A route's <c>delivery</c> (direct or durable, and its retries; a durable route keeps no session affinity) and
/// <c>copyTo</c> clusters; called by <see cref="RouteRules"/>.
/// </summary>
internal static class RouteDeliveryRules
{
    /// <summary>Checks <paramref name="route"/>'s delivery settings and copy clusters.</summary>
    public static void Check(RouteConfig route, string path, RouterConfig config, ConfigValidationContext context)
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

            if (delivery.IsDurable && string.Equals(route.Sessions, SessionModes.Affinity, StringComparison.Ordinal))
            {
                context.Error(
                    ConfigPath.Property(path, "sessions"),
                    $"a durable route cannot keep session affinity: its one-way messages are delivered later from its queue, on the pooled sessions; leave '{SessionModes.Affinity}' out (a durable route multiplexes) or make delivery '{DeliveryModes.Direct}'");
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
