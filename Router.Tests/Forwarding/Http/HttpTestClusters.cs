using SoapRouter.Configuration;
using SoapRouter.LoadBalancing;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.Forwarding.Http;

/// <summary>Cluster states whose destinations point at real addresses (loopback backends or refused ports).</summary>
internal static class HttpTestClusters
{
    /// <summary>A basicHttp destination named <paramref name="name"/> at <paramref name="address"/>.</summary>
    public static DestinationConfig Destination(string name, string address) =>
        new() { Name = name, Address = address, Binding = WireBindingNames.BasicHttp };

    /// <summary>A cluster "c" with one primary "p" at <paramref name="primary"/> and backups "b1", "b2"... at <paramref name="backups"/>.</summary>
    public static ClusterState State(
        string primary,
        string[]? backups = null,
        TimeSpan? requestTimeout = null,
        TimeSpan? connectTimeout = null,
        IReadOnlyDictionary<string, ClusterState>? previous = null,
        TimeSpan? attemptTimeout = null)
    {
        var backupConfigs = new DestinationConfig[backups?.Length ?? 0];
        for (var i = 0; i < backupConfigs.Length; i++)
        {
            backupConfigs[i] = Destination("b" + (i + 1), backups![i]);
        }

        return Build(new ClusterConfig
        {
            Destinations = [Destination("p", primary)],
            Backups = backupConfigs,
            RequestTimeout = requestTimeout ?? TimeSpan.FromSeconds(30),
            ConnectTimeout = connectTimeout ?? TimeSpan.FromSeconds(5),
            AttemptTimeout = attemptTimeout,
        }, previous)["c"];
    }

    /// <summary>Builds the single cluster "c" from <paramref name="config"/>, reusing <paramref name="previous"/>'s states like a reload.</summary>
    public static IReadOnlyDictionary<string, ClusterState> Build(ClusterConfig config, IReadOnlyDictionary<string, ClusterState>? previous = null) =>
        ClusterStateBuilder.Build(
            new Dictionary<string, ClusterConfig> { ["c"] = config },
            LoadBalancingPolicies.CreateDefault(new Random(1)),
            previous);
}
