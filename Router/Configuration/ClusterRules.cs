using SoapRouter.LoadBalancing;

namespace SoapRouter.Configuration;

/// <summary>Validation of the clusters section and the destinations in it.</summary>
internal static class ClusterRules
{
    /// <summary>Checks every cluster; warns about clusters no route uses.</summary>
    public static void Check(IReadOnlyDictionary<string, ClusterConfig> clusters, IReadOnlyList<RouteConfig> routes, ConfigValidationContext context)
    {
        if (clusters.Count == 0)
        {
            context.Error("clusters", "at least one cluster is required");
            return;
        }

        var used = new HashSet<string>(StringComparer.Ordinal);
        foreach (var route in routes)
        {
            used.Add(route.Cluster);
        }

        foreach (var (name, cluster) in clusters)
        {
            var path = ConfigPath.Key("clusters", name);
            if (string.IsNullOrWhiteSpace(name))
            {
                context.Error(path, "a cluster needs a non-empty name");
            }

            CheckCluster(cluster, path, context);
            if (!used.Contains(name))
            {
                context.Warning(path, "no route uses this cluster");
            }
        }
    }

    private static void CheckCluster(ClusterConfig cluster, string path, ConfigValidationContext context)
    {
        if (!LoadBalancingPolicyNames.All.Contains(cluster.LoadBalancing))
        {
            context.Error(ConfigPath.Property(path, "loadBalancing"),
                $"unknown load-balancing policy '{cluster.LoadBalancing}'; valid policies: {string.Join(", ", LoadBalancingPolicyNames.All)}");
        }

        var destinationsPath = ConfigPath.Property(path, "destinations");
        if (cluster.Destinations.Count == 0)
        {
            context.Error(destinationsPath, "at least one destination is required");
        }

        CheckDestinations(cluster.Destinations, destinationsPath, context);
        CheckDestinations(cluster.Backups, ConfigPath.Property(path, "backups"), context);
        context.RequireTimeout(cluster.ConnectTimeout, ConfigPath.Property(path, "connectTimeout"));
        context.RequireTimeout(cluster.RequestTimeout, ConfigPath.Property(path, "requestTimeout"));
    }

    private static void CheckDestinations(IReadOnlyList<DestinationConfig> destinations, string listPath, ConfigValidationContext context)
    {
        for (var i = 0; i < destinations.Count; i++)
        {
            var destination = destinations[i];
            var path = ConfigPath.Index(listPath, i);
            var namePath = ConfigPath.Property(path, "name");

            // Names key the per-destination statistics and health, so they are unique across the router, backups included.
            if (context.Require(destination.Name, namePath) && !context.DestinationNames.TryAdd(destination.Name, path))
            {
                context.Error(namePath, $"duplicate destination name '{destination.Name}' (also {context.DestinationNames[destination.Name]})");
            }

            BindingRules.Check(destination.Binding, ConfigPath.Property(path, "binding"), context);
            AddressRules.CheckEndpoint(destination.Address, destination.Binding, ConfigPath.Property(path, "address"), context);
        }
    }
}
