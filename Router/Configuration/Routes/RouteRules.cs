namespace SoapRouter.Configuration;

/// <summary>Validation of the routes section.</summary>
internal static class RouteRules
{
    /// <summary>
    /// Checks every route: its name, filters, cluster, actions and sessions, its cache section, its client certificate keys
    /// and what the listeners that feed it allow. Every routes[] key is checked from here.
    /// </summary>
    public static void Check(RouterConfig config, ConfigValidationContext context)
    {
        var routes = config.Routes;
        var clusters = config.Clusters;
        if (routes.Count == 0)
        {
            context.Error("routes", "at least one route is required (use a matchAll filter for a catch-all)");
            return;
        }

        var names = new Dictionary<string, string>(StringComparer.Ordinal);
        var feeding = new RouteStreamedRules(config);
        var asked = RouteClientCertificateRules.Asked(config.Listeners);
        for (var i = 0; i < routes.Count; i++)
        {
            var route = routes[i];
            var path = ConfigPath.Index("routes", i);
            var namePath = ConfigPath.Property(path, "name");
            if (context.Require(route.Name, namePath) && !names.TryAdd(route.Name, path))
            {
                context.Error(namePath, $"duplicate route name '{route.Name}' (also {names[route.Name]})");
            }

            CheckFilters(route.Filters, path, context);
            CheckCluster(route.Cluster, clusters, ConfigPath.Property(path, "cluster"), context);

            for (var j = 0; j < route.IdempotentActions.Count; j++)
            {
                context.Require(route.IdempotentActions[j], ConfigPath.Index(ConfigPath.Property(path, "idempotentActions"), j));
            }

            if (route.Sessions is { } sessions && sessions is not (SessionModes.Affinity or SessionModes.Multiplex))
            {
                context.Error(
                    ConfigPath.Property(path, "sessions"),
                    $"unknown value '{sessions}'; use '{SessionModes.Affinity}' (the default: a backend session per client session) or '{SessionModes.Multiplex}' (pooled sessions, for sessionless contracts)");
            }

            for (var j = 0; j < route.OneWayActions.Count; j++)
            {
                var actionPath = ConfigPath.Index(ConfigPath.Property(path, "oneWayActions"), j);
                if (context.Require(route.OneWayActions[j], actionPath) && route.OneWayActions[j] == "*")
                {
                    context.Error(actionPath, "'*' is not allowed here: name the one-way actions (a route's request-reply actions would never be answered)");
                }
            }

            feeding.Check(route, path, context);
            if (route.Cache is { } cache)
            {
                RouteCacheRules.Check(route, cache, config.Cache, ConfigPath.Property(path, "cache"), context);
            }

            RouteClientCertificateRules.Check(route, path, asked, context);
            RouteDeliveryRules.Check(route, path, config, context);
        }
    }

    private static void CheckFilters(IReadOnlyList<FilterConfig> filters, string routePath, ConfigValidationContext context)
    {
        var filtersPath = ConfigPath.Property(routePath, "filters");
        if (filters.Count == 0)
        {
            context.Error(filtersPath, "at least one filter is required (use {\"type\": \"matchAll\"} for a catch-all)");
            return;
        }

        for (var j = 0; j < filters.Count; j++)
        {
            FilterRules.Check(filters[j], ConfigPath.Index(filtersPath, j), context);
        }
    }

    private static void CheckCluster(string cluster, IReadOnlyDictionary<string, ClusterConfig> clusters, string path, ConfigValidationContext context)
    {
        if (context.Require(cluster, path) && !clusters.ContainsKey(cluster))
        {
            var defined = clusters.Count == 0 ? "none are defined" : "defined: " + string.Join(", ", clusters.Keys);
            context.Error(path, $"unknown cluster '{cluster}'; {defined}");
        }
    }
}
