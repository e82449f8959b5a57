using SoapRouter.Caching;

namespace SoapRouter.Configuration;

/// <summary>Validation of a route's cache section: what it caches must be the route's idempotent request-reply actions.</summary>
internal static class RouteCacheRules
{
    /// <summary>Checks routes[i].cache at <paramref name="path"/> against the route and the process-wide cache section.</summary>
    public static void Check(RouteConfig route, RouteCacheConfig cache, CacheConfig process, string path, ConfigValidationContext context)
    {
        var actionsPath = ConfigPath.Property(path, "actions");
        if (cache.Actions.Count == 0)
        {
            context.Error(actionsPath, "at least one action is required (name the idempotent actions whose replies may be served again)");
        }

        var allIdempotent = route.IdempotentActions.Contains("*");
        for (var j = 0; j < cache.Actions.Count; j++)
        {
            var action = cache.Actions[j];
            var actionPath = ConfigPath.Index(actionsPath, j);
            if (!context.Require(action, actionPath))
            {
                continue;
            }

            if (action == "*")
            {
                context.Error(actionPath, "'*' is not allowed here: name the actions to cache");
            }
            else if (route.OneWayActions.Contains(action))
            {
                context.Error(actionPath, $"'{action}' is one of the route's oneWayActions: a one-way message has no reply to cache");
            }
            else if (!allIdempotent && !route.IdempotentActions.Contains(action))
            {
                context.Error(actionPath, $"'{action}' is not among the route's idempotentActions: only an action that is safe to repeat may be answered from the cache");
            }
        }

        if (cache.Ttl <= TimeSpan.Zero || cache.Ttl > RouteCacheConfig.MaxTtl)
        {
            context.Error(ConfigPath.Property(path, "ttl"), $"must be greater than 00:00:00 and at most {RouteCacheConfig.MaxTtl} (is {cache.Ttl})");
        }

        var maxPath = ConfigPath.Property(path, "maxEntryBytes");
        context.RequirePositive(cache.MaxEntryBytes, maxPath);
        if (cache.MaxEntryBytes > process.MemoryLimitBytes && process.MemoryLimitBytes > 0)
        {
            context.Error(maxPath, $"is larger than cache.memoryLimitBytes ({process.MemoryLimitBytes}): an entry that size could never be kept");
        }

        for (var j = 0; j < cache.VaryByHeaders.Count; j++)
        {
            if (!VaryHeaderName.TryParse(cache.VaryByHeaders[j], out _, out var error))
            {
                context.Error(ConfigPath.Index(ConfigPath.Property(path, "varyByHeaders"), j), error);
            }
        }

        if (cache.VaryByClientCertificate == false && route.AllowedClientCertificates.Count > 0)
        {
            context.Warning(
                ConfigPath.Property(path, "varyByClientCertificate"),
                "false on a route restricted by allowedClientCertificates: every admitted partner is served the same cached replies");
        }
    }
}
