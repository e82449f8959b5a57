using System.Text.Json;
using SoapRouter.Configuration;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.Configuration;

/// <summary>Small builders for configs, so each test states only the part it is about.</summary>
internal static class TestConfigs
{
    /// <summary>The smallest valid config: one listener, one catch-all route, one cluster with one destination.</summary>
    public static RouterConfig Valid() => new()
    {
        Listeners = [Listener("basic", WireBindingNames.BasicHttp, "http://127.0.0.1:8080/router/basic")],
        Routes = [Route("all", "echo", MatchAll())],
        Clusters = new Dictionary<string, ClusterConfig> { ["echo"] = Cluster(Destination("echo-1")) },
    };

    public static ListenerConfig Listener(string name, string binding, string address) =>
        new() { Name = name, Binding = binding, Address = address };

    public static RouteConfig Route(string name, string cluster, params FilterConfig[] filters) =>
        new() { Name = name, Cluster = cluster, Filters = filters };

    public static ClusterConfig Cluster(params DestinationConfig[] destinations) => new() { Destinations = destinations };

    public static DestinationConfig Destination(string name, string binding = WireBindingNames.BasicHttp, string address = "http://127.0.0.1:9080/basic") =>
        new() { Name = name, Binding = binding, Address = address };

    public static FilterConfig MatchAll() => new() { Type = FilterTypes.MatchAll };

    public static FilterConfig Action(string value, string? match = null) => new() { Type = FilterTypes.Action, Value = value, Match = match };

    public static FilterConfig Address(string value, string? match = null) => new() { Type = FilterTypes.Address, Value = value, Match = match };

    /// <summary>The valid config with its only route using <paramref name="filter"/>.</summary>
    public static RouterConfig WithFilter(FilterConfig filter) => Valid() with { Routes = [Route("r", "echo", filter)] };

    /// <summary>The valid config with <paramref name="cluster"/> as its only cluster, named "echo".</summary>
    public static RouterConfig WithCluster(ClusterConfig cluster) =>
        Valid() with { Clusters = new Dictionary<string, ClusterConfig> { ["echo"] = cluster } };

    /// <summary>The valid config with these listeners.</summary>
    public static RouterConfig WithListeners(params ListenerConfig[] listeners) => Valid() with { Listeners = listeners };

    /// <summary>The valid config with these limits.</summary>
    public static RouterConfig WithLimits(LimitsConfig limits) => Valid() with { Limits = limits };

    /// <summary>router.json text for <paramref name="config"/>, written by the same serializer metadata the loader reads with.</summary>
    public static string ToJson(RouterConfig config) =>
        JsonSerializer.Serialize(config, RouterConfigJson.RouterConfig);

    /// <summary>The validation errors of <paramref name="config"/>.</summary>
    public static IReadOnlyList<string> Errors(RouterConfig config) => RouterConfigValidator.Validate(config).Errors;

    /// <summary>Asserts that <paramref name="config"/> has exactly one error, at <paramref name="path"/>, mentioning <paramref name="fragment"/>.</summary>
    public static void AssertSingleError(RouterConfig config, string path, string fragment)
    {
        var error = Assert.Single(Errors(config));
        Assert.StartsWith(path + ": ", error, StringComparison.Ordinal);
        Assert.Contains(fragment, error, StringComparison.Ordinal);
    }

    /// <summary>Asserts that some error in <paramref name="errors"/> is at <paramref name="path"/> and mentions <paramref name="fragment"/>.</summary>
    public static void AssertHasError(IReadOnlyList<string> errors, string path, string fragment) =>
        Assert.True(
            errors.Any(e => e.StartsWith(path + ": ", StringComparison.Ordinal) && e.Contains(fragment, StringComparison.Ordinal)),
            $"Expected an error at '{path}' containing '{fragment}'. Errors:{Environment.NewLine}{string.Join(Environment.NewLine, errors)}");
}
