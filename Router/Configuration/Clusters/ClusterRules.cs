using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Compression;
using SoapRouter.Health;
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
        if (cluster.AttemptTimeout is { } attemptTimeout)
        {
            CheckAttemptTimeout(attemptTimeout, cluster.RequestTimeout, ConfigPath.Property(path, "attemptTimeout"), context);
        }

        CheckRetry(cluster.Retry, ConfigPath.Property(path, "retry"), context);
        CheckOutlierDetection(cluster.OutlierDetection, ConfigPath.Property(path, "outlierDetection"), context);
        if (cluster.HealthCheck is { } healthCheck)
        {
            CheckHealthCheck(healthCheck, ConfigPath.Property(path, "healthCheck"), context);
        }
    }

    private static void CheckAttemptTimeout(TimeSpan attemptTimeout, TimeSpan requestTimeout, string path, ConfigValidationContext context)
    {
        context.RequireTimeout(attemptTimeout, path);
        if (attemptTimeout > requestTimeout)
        {
            context.Error(path, $"must be at most requestTimeout ({requestTimeout}), which bounds every attempt together (is {attemptTimeout})");
        }
    }

    private static void CheckRetry(RetryConfig retry, string path, ConfigValidationContext context)
    {
        CheckRange(retry.MaxAttempts, 1, 10, ConfigPath.Property(path, "maxAttempts"), context);
        CheckRange(retry.BudgetPercent, 0, 100, ConfigPath.Property(path, "budgetPercent"), context);
        CheckRange(retry.MinRetriesPerSecond, 0, 10_000, ConfigPath.Property(path, "minRetriesPerSecond"), context);
    }

    private static void CheckOutlierDetection(OutlierDetectionConfig outlier, string path, ConfigValidationContext context)
    {
        if (!(outlier.FailureRatio > 0 && outlier.FailureRatio <= 1))
        {
            context.Error(ConfigPath.Property(path, "failureRatio"), $"must be more than 0 and at most 1 (is {outlier.FailureRatio})");
        }

        CheckRange(outlier.MinimumThroughput, 2, 1_000_000, ConfigPath.Property(path, "minimumThroughput"), context);
        CheckRange(outlier.ConsecutiveFailures, 0, 1_000_000, ConfigPath.Property(path, "consecutiveFailures"), context);
        if (outlier.Latency is { } latency)
        {
            var latencyPath = ConfigPath.Property(path, "latency");
            if (!(latency.Factor > 1 && latency.Factor <= 1000))
            {
                context.Error(ConfigPath.Property(latencyPath, "factor"), $"must be more than 1 and at most 1000 (is {latency.Factor})");
            }

            context.RequireTimeout(latency.Threshold, ConfigPath.Property(latencyPath, "threshold"));
        }
        CheckRange(outlier.MaxEjectionPercent, 0, 100, ConfigPath.Property(path, "maxEjectionPercent"), context);
        CheckWindow(outlier.SamplingDuration, ConfigPath.Property(path, "samplingDuration"), context);
        CheckWindow(outlier.BaseEjectionTime, ConfigPath.Property(path, "baseEjectionTime"), context);
        CheckWindow(outlier.MaxEjectionTime, ConfigPath.Property(path, "maxEjectionTime"), context);
        if (outlier.MaxEjectionTime < outlier.BaseEjectionTime)
        {
            context.Error(ConfigPath.Property(path, "maxEjectionTime"),
                $"must be at least baseEjectionTime ({outlier.BaseEjectionTime}) (is {outlier.MaxEjectionTime})");
        }
    }

    private static void CheckHealthCheck(HealthCheckConfig check, string path, ConfigValidationContext context)
    {
        var pathPath = ConfigPath.Property(path, "path");
        if (context.Require(check.Path, pathPath) && !(check.Path.StartsWith('/') || check.Path.StartsWith('?')))
        {
            context.Error(pathPath, $"must start with '/' (a path on the destination's host) or '?' (a query on its address) (is '{check.Path}')");
        }

        if (!NetTcpProbeKinds.All.Contains(check.NetTcpProbe))
        {
            context.Error(ConfigPath.Property(path, "netTcpProbe"), $"unknown probe '{check.NetTcpProbe}'; valid probes: {string.Join(", ", NetTcpProbeKinds.All)}");
        }

        if (check.Action is { } action && (action.Length == 0 || action.Any(char.IsWhiteSpace)))
        {
            context.Error(ConfigPath.Property(path, "action"), $"must be a SOAP action without spaces, such as 'http://tempuri.org/IService/Ping' (is '{action}')");
        }

        if (check.Body is { } body)
        {
            if (check.Action is null)
            {
                context.Error(ConfigPath.Property(path, "body"), "is sent only with 'action': set the probe's SOAP action too");
            }
            else if (HealthProbeMessage.CheckBody(body) is { } problem)
            {
                context.Error(ConfigPath.Property(path, "body"), $"must be well-formed XML elements: {problem}");
            }
        }

        if (check.HealthyFaults.Count > 0 && check.Action is null)
        {
            context.Error(ConfigPath.Property(path, "healthyFaults"), "judge an action probe's faults only: set the probe's SOAP action too");
        }

        for (var i = 0; i < check.HealthyFaults.Count; i++)
        {
            if (check.HealthyFaults[i] is not { Length: > 0 } code || code.Any(c => char.IsWhiteSpace(c) || c == ':'))
            {
                context.Error(ConfigPath.Index(ConfigPath.Property(path, "healthyFaults"), i), $"must be a fault code's local name without a prefix, such as 'ActionNotSupported' (is '{check.HealthyFaults[i]}')");
            }
        }

        CheckWindow(check.Interval, ConfigPath.Property(path, "interval"), context);
        context.RequireTimeout(check.Timeout, ConfigPath.Property(path, "timeout"));
        CheckRange(check.HealthyThreshold, 1, 100, ConfigPath.Property(path, "healthyThreshold"), context);
        CheckRange(check.UnhealthyThreshold, 1, 100, ConfigPath.Property(path, "unhealthyThreshold"), context);
    }

    private static void CheckRange(long value, long min, long max, string path, ConfigValidationContext context)
    {
        if (value < min || value > max)
        {
            context.Error(path, $"must be from {min} to {max} (is {value})");
        }
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
            BindingRules.CheckVariant(destination.Binding, destination.Encoding, destination.Addressing, path, context);
            AddressRules.CheckEndpoint(destination.Address, destination.Binding, ConfigPath.Property(path, "address"), context);
            if (destination.MetadataAddress is { } metadata)
            {
                CheckMetadataAddress(metadata, ConfigPath.Property(path, "metadataAddress"), context);
            }

            if (destination.Compression is { } compression)
            {
                CheckCompression(destination, compression, ConfigPath.Property(path, "compression"), context);
            }
        }
    }

    private static void CheckMetadataAddress(string address, string path, ConfigValidationContext context)
    {
        // The metadata is fetched over HTTP whatever the destination's binding speaks; the router appends ?wsdl itself.
        if (AddressRules.CheckEndpoint(address, WireBindingNames.BasicHttp, path, context) is { } uri && (uri.Query.Length > 0 || uri.Fragment.Length > 0))
        {
            context.Error(path, $"must be the service's metadata address without a query or fragment, such as 'http://10.0.0.5:8000/OrderService' (its WSDL is that address + ?wsdl) (is '{address}')");
        }
    }

    private static void CheckCompression(DestinationConfig destination, CompressionOptions compression, string path, ConfigValidationContext context)
    {
        context.Errors(compression.Validate(path));
        if (destination.Binding == WireBindingNames.NetTcp)
        {
            if (compression.Form != CompressionWireForm.Wcf)
            {
                context.Error(ConfigPath.Property(path, "form"), "net.tcp destinations carry WCF's compressed session only (application/soap+msbinsession1+gzip or +deflate, every message compressed): set form to wcf");
            }
        }
        else if (compression.Form == CompressionWireForm.Wcf && destination.Binding != WireBindingNames.BinaryHttp)
        {
            context.Error(ConfigPath.Property(path, "form"), $"wcf is WCF's compressed binary encoding and needs a binaryHttp destination (this one is {destination.Binding})");
        }
    }

    // The outlier window is counted in tenths; shorter windows and ejections would judge on a handful of milliseconds.
    private static readonly TimeSpan MinimumWindow = TimeSpan.FromMilliseconds(500);

    private static void CheckWindow(TimeSpan window, string path, ConfigValidationContext context)
    {
        if (window < MinimumWindow)
        {
            context.Error(path, $"must be at least {MinimumWindow} (is {window})");
        }
        else
        {
            context.RequireTimeout(window, path);
        }
    }
}
