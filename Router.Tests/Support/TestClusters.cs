using SoapRouter.Configuration;
using SoapRouter.LoadBalancing;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.Support;

/// <summary>Builds cluster configs and states for tests without a router.json.</summary>
internal static class TestClusters
{
    /// <summary>A destination config whose address is derived from its name.</summary>
    public static DestinationConfig Destination(string name) =>
        new() { Name = name, Address = $"http://127.0.0.1:1/{name}", Binding = WireBindingNames.BasicHttp };

    /// <summary>A cluster config with the given primaries and backups.</summary>
    public static ClusterConfig Config(string[] primaries, string[]? backups = null, TimeSpan? requestTimeout = null, string policy = LoadBalancingPolicyNames.RoundRobin) =>
        new()
        {
            LoadBalancing = policy,
            Destinations = Array.ConvertAll(primaries, Destination),
            Backups = Array.ConvertAll(backups ?? [], Destination),
            RequestTimeout = requestTimeout ?? TimeSpan.FromSeconds(30),
        };

    /// <summary>A single cluster state named "c".</summary>
    public static ClusterState State(string[] primaries, string[]? backups = null, TimeSpan? requestTimeout = null) =>
        ClusterStateBuilder.Build(
            new Dictionary<string, ClusterConfig> { ["c"] = Config(primaries, backups, requestTimeout) },
            LoadBalancingPolicies.CreateDefault(new Random(1)))["c"];

    /// <summary>A single cluster state named "c" built from <paramref name="config"/> on <paramref name="time"/>.</summary>
    public static ClusterState State(ClusterConfig config, TimeProvider time, Microsoft.Extensions.Logging.ILogger? logger = null) =>
        ClusterStateBuilder.Build(
            new Dictionary<string, ClusterConfig> { ["c"] = config },
            LoadBalancingPolicies.CreateDefault(new Random(1)),
            previous: null,
            time,
            logger)["c"];

    /// <summary>Bare destination states, for policy tests.</summary>
    public static DestinationState[] States(params string[] names) =>
        Array.ConvertAll(names, name => new DestinationState(Destination(name)));
}
