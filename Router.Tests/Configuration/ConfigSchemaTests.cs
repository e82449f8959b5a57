using Microsoft.Extensions.Logging.Abstractions;
using SoapRouter.Configuration;
using SoapRouter.Tests.Support;

namespace SoapRouter.Tests.Configuration;

/// <summary>
/// router.schema.json against the files the repository ships: each validates against the schema and passes the router's
/// own checker, and the schema refuses what the router refuses.
/// </summary>
public sealed class ConfigSchemaTests
{
    public static TheoryData<string> Shipped => ShippedConfigs.All;

    [Fact]
    public void ShippedConfigs_IncludeTheExamples()
    {
        Assert.True(
            ShippedConfigs.RelativePaths.Count(path => path.StartsWith("deploy/examples/", StringComparison.Ordinal)) >= ShippedConfigs.MinimumExamples,
            "deploy/examples/ holds fewer examples than issue 24 asks for: " + string.Join(", ", ShippedConfigs.RelativePaths));
    }

    [Theory]
    [MemberData(nameof(Shipped))]
    public void ShippedConfig_ValidatesAgainstTheSchema(string relativePath)
    {
        var errors = RouterSchema.Errors(File.ReadAllText(ShippedConfigs.FullPath(relativePath)));

        Assert.True(errors.Count == 0, relativePath + ":" + Environment.NewLine + string.Join(Environment.NewLine, errors));
    }

    [Theory]
    [MemberData(nameof(Shipped))]
    public void ShippedConfig_NamesTheSchemaByItsRelativePath(string relativePath)
    {
        var config = RouterConfigLoader.Parse(File.ReadAllText(ShippedConfigs.FullPath(relativePath))).Config;

        Assert.NotNull(config?.Schema);
        var folder = Path.GetDirectoryName(ShippedConfigs.FullPath(relativePath))!;
        Assert.Equal(RouterSchema.FilePath, Path.GetFullPath(Path.Combine(folder, config.Schema)));
    }

    [Theory]
    [MemberData(nameof(Shipped))]
    public void ShippedConfig_PassesTheRoutersCheck_WithNoWarnings(string relativePath)
    {
        // The provider is what `Router --check` builds; certificates under /etc/router-tls/ come from a test PKI.
        using var copy = new DockerRouterJsonCopy(ShippedConfigs.FullPath(relativePath));
        using var provider = new RouterConfigProvider(
            copy.Path, NullLogger<RouterConfigProvider>.Instance, pollInterval: Timeout.InfiniteTimeSpan, timeProvider: null, quietPeriod: null, watchFolder: false);

        Assert.Empty(provider.Snapshot.Warnings);
    }

    [Theory]
    [InlineData("""{ "listenrs": [] }""", "/listenrs", "unknown property")]
    [InlineData("""{ "limits": { "readerQuotas": { "maxDeep": 64 } } }""", "/limits/readerQuotas/maxDeep", "unknown property")]
    [InlineData("""{ "listeners": [ { "name": "a", "binding": "basicHTTP", "address": "http://127.0.0.1:1/a" } ] }""", "/listeners/0/binding", "enum")]
    [InlineData("""{ "routes": [ { "name": "r", "cluster": "c", "filters": [ { "type": "action", "value": "x", "match": "suffix" } ] } ] }""", "/routes/0/filters/0/match", "enum")]
    [InlineData("""{ "clusters": { "c": { "destinations": [], "requestTimeout": "30s" } } }""", "/clusters/c/requestTimeout", "pattern")]
    [InlineData("""{ "clusters": { "c": { "retry": { "maxAttempts": 11 }, "destinations": [] } } }""", "/clusters/c/retry/maxAttempts", "maximum")]
    [InlineData("""{ "listeners": [ { "binding": "netTcp", "address": "net.tcp://127.0.0.1:1/a" } ] }""", "/listeners/0", "required")]
    [InlineData("""{ "telemetry": { "logLevel": true } }""", "/telemetry/logLevel", "type")]
    public void Schema_RefusesABadKey_AtItsPath(string json, string location, string keyword)
    {
        var errors = RouterSchema.Errors(json);

        Assert.True(
            errors.Any(error => error.StartsWith(location + ": " + keyword + ":", StringComparison.Ordinal)),
            $"expected '{keyword}' at {location}; the schema said:{Environment.NewLine}{string.Join(Environment.NewLine, errors)}");
    }

    [Fact]
    public void Schema_AndTheRouter_BothRefuseAnUnknownKeyInAnExample()
    {
        var example = ShippedConfigs.RelativePaths.First(path => path.StartsWith("deploy/examples/", StringComparison.Ordinal));
        var text = File.ReadAllText(ShippedConfigs.FullPath(example));
        var broken = text.Replace("\"listeners\":", "\"listener\":", StringComparison.Ordinal);

        Assert.NotEqual(text, broken);
        Assert.NotEmpty(RouterSchema.Errors(broken));
        Assert.Contains(RouterConfigLoader.Parse(broken).Errors, error => error.StartsWith("listener: unknown property", StringComparison.Ordinal));
    }
}
