using SoapRouter.Configuration;
using static SoapRouter.Tests.Configuration.TestConfigs;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.Configuration;

public sealed class RouterConfigLoaderTests
{
    [Fact]
    public void Parse_SerializedConfig_RoundTrips()
    {
        var config = Valid() with { Clusters = new Dictionary<string, ClusterConfig> { ["echo"] = Cluster(Destination("d")) with { RequestTimeout = TimeSpan.FromSeconds(7) } } };

        var result = RouterConfigLoader.Parse(ToJson(config));

        Assert.True(result.Succeeded, string.Join(Environment.NewLine, result.Errors));
        Assert.Equal(TimeSpan.FromSeconds(7), result.Config.Clusters["echo"].RequestTimeout);
        Assert.Equal("d", Assert.Single(result.Config.Clusters["echo"].Destinations).Name);
    }

    [Fact]
    public void Parse_CommentsTrailingCommasAndTimeSpanStrings_AreAccepted()
    {
        const string Json = """
            // a comment before the object
            {
              /* block comment */
              "clusters": {
                "orders": { "connectTimeout": "00:00:05", "destinations": [], },
              },
            }
            """;

        var result = RouterConfigLoader.Parse(Json);

        Assert.True(result.Succeeded, string.Join(Environment.NewLine, result.Errors));
        Assert.Equal(TimeSpan.FromSeconds(5), result.Config.Clusters["orders"].ConnectTimeout);
    }

    [Fact]
    public void Parse_OmittedProperties_KeepTheRecordDefaults()
    {
        var result = RouterConfigLoader.Parse("""{ "routes": [ { "name": "r" } ], "clusters": { "c": {} } }""");

        Assert.True(result.Succeeded, string.Join(Environment.NewLine, result.Errors));
        Assert.Empty(result.Config.Routes[0].IdempotentActions);
        Assert.Equal(new ClusterConfig(), result.Config.Clusters["c"] with { Destinations = [], Backups = [] });
        Assert.Equal(TimeSpan.FromSeconds(30), result.Config.Clusters["c"].RequestTimeout);
        Assert.Equal(new LimitsConfig().MaxMessageSize, result.Config.Limits.MaxMessageSize);
        Assert.Equal("Information", result.Config.Telemetry.LogLevel);
    }

    [Fact]
    public void Parse_ByteOrderMark_IsAccepted()
    {
        byte[] utf8 = [0xEF, 0xBB, 0xBF, .. "{}"u8];

        Assert.True(RouterConfigLoader.Parse(utf8).Succeeded);
    }

    [Fact]
    public void Load_TopLevelSchemaKey_IsAcceptedAndChangesNothing()
    {
        var json = ToJson(Valid());
        var withSchema = "{ \"$schema\": \"./router.schema.json\", " + json.TrimStart()[1..];

        var plain = RouterConfigLoader.Load(json);
        var result = RouterConfigLoader.Load(withSchema);

        Assert.True(result.Succeeded, string.Join(Environment.NewLine, result.Errors));
        Assert.Equal("./router.schema.json", result.Config.Schema);
        Assert.Equal(ToJson(plain.Config!), ToJson(result.Config with { Schema = null }));
    }

    [Fact]
    public void Parse_SchemaKeyBelowTheTop_IsAnUnknownProperty()
    {
        var error = Assert.Single(RouterConfigLoader.Parse("""{ "limits": { "$schema": "./router.schema.json" } }""").Errors);

        Assert.StartsWith("limits.$schema: unknown property '$schema'", error, StringComparison.Ordinal);
    }

    [Fact]
    public void Parse_UnknownProperty_ReportsPathLineAndSuggestion()
    {
        const string Json = """
            {
              "clusters": {
                "orders": {
                  "destinatons": []
                }
              }
            }
            """;

        var error = Assert.Single(RouterConfigLoader.Parse(Json).Errors);

        Assert.StartsWith("clusters.orders.destinatons: unknown property 'destinatons' (did you mean 'destinations'?)", error, StringComparison.Ordinal);
        Assert.EndsWith("(line 4)", error, StringComparison.Ordinal);
    }

    [Fact]
    public void Parse_WrongCaseProperty_IsUnknownWithSuggestion()
    {
        var error = Assert.Single(RouterConfigLoader.Parse("""{ "Listeners": [] }""").Errors);

        Assert.Contains("unknown property 'Listeners' (did you mean 'listeners'?)", error, StringComparison.Ordinal);
    }

    [Fact]
    public void Parse_SeveralStructuralMistakes_ReportsEachInOnePass()
    {
        const string Json = """
            {
              "listeners": [ { "name": "a", "adress": "http://x" } ],
              "routes": [ { "name": "r", "priority": "high", "filters": [ { "type": "matchAll", "destinaton": "x" } ] } ],
              "clusters": { "c": { "connectTimeout": "5s" }, "c": {} },
              "limits": { "maxConcurrentRequests": 99999999999 },
              "admin": null,
              "telemetry": { "logLevel": 3 }
            }
            """;

        var errors = RouterConfigLoader.Parse(Json).Errors;

        Assert.True(errors.Count == 8, string.Join(Environment.NewLine, errors));
        AssertHasError(errors, "listeners[0].adress", "unknown property 'adress' (did you mean 'address'?)");
        AssertHasError(errors, "routes[0].priority", "expected a whole number from -2147483648 to 2147483647 but found the string \"high\" (line 3)");
        AssertHasError(errors, "routes[0].filters[0].destinaton", "unknown property 'destinaton'");
        AssertHasError(errors, "clusters.c.connectTimeout", "expected a time span string such as \"00:00:05\"");
        AssertHasError(errors, "clusters.c", "key 'c' appears more than once (line 4)");
        AssertHasError(errors, "limits.maxConcurrentRequests", "but found the number 99999999999");
        AssertHasError(errors, "admin", "null is not allowed here");
        AssertHasError(errors, "telemetry.logLevel", "expected a string but found the number 3");
    }

    [Fact]
    public void Parse_WrongShape_ReportsExpectedShape()
    {
        var errors = RouterConfigLoader.Parse("""{ "listeners": {}, "clusters": [] , "routes": [ 1 ] }""").Errors;

        Assert.Equal(3, errors.Count);
        AssertHasError(errors, "listeners", "expected an array but found an object");
        AssertHasError(errors, "clusters", "expected an object but found an array");
        AssertHasError(errors, "routes[0]", "expected an object but found the number 1");
    }

    [Fact]
    public void Parse_MalformedJson_ReportsLineAndColumn()
    {
        const string Json = """
            {
              "listeners": [],
              "routes": []
              "clusters": {}
            }
            """;

        var error = Assert.Single(RouterConfigLoader.Parse(Json).Errors);

        Assert.StartsWith("line 4, column 3: invalid JSON:", error, StringComparison.Ordinal);
        Assert.DoesNotContain("   at ", error, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("")]
    [InlineData("{ \"listeners\": [")]
    [InlineData("{} {}")]
    public void Parse_IncompleteOrExtraContent_ReportsInvalidJson(string json) =>
        Assert.Contains("invalid JSON", Assert.Single(RouterConfigLoader.Parse(json).Errors), StringComparison.Ordinal);

    [Fact]
    public void Load_ConfigWithSeveralSemanticMistakes_ReportsEachInOnePass()
    {
        var config = Valid() with
        {
            Listeners = [Listener("a", "wsHttp", "http://127.0.0.1:8080/a"), Listener("a", WireBindingNames.NetTcp, "http://127.0.0.1:8081/b")],
            Routes = [Route("r", "missing", new FilterConfig { Type = FilterTypes.XPath, Expression = "/p:x" })],
            Clusters = new Dictionary<string, ClusterConfig> { ["echo"] = Cluster() with { LoadBalancing = "random" } },
            Limits = new LimitsConfig { MaxMessageSize = 100, MaxDecompressedSize = 50 },
            Telemetry = new TelemetryConfig { LogLevel = "Chatty" },
        };

        var result = RouterConfigLoader.Load(ToJson(config));

        Assert.False(result.Succeeded);
        Assert.Null(result.Config);
        AssertHasError(result.Errors, "listeners[0].binding", "unknown binding 'wsHttp'");
        AssertHasError(result.Errors, "listeners[1].name", "duplicate listener name 'a'");
        AssertHasError(result.Errors, "listeners[1].address", "needs net.tcp");
        AssertHasError(result.Errors, "routes[0].filters[0].expression", "does not compile");
        AssertHasError(result.Errors, "routes[0].cluster", "unknown cluster 'missing'");
        AssertHasError(result.Errors, "clusters.echo.loadBalancing", "unknown load-balancing policy 'random'");
        AssertHasError(result.Errors, "clusters.echo.destinations", "at least one destination");
        AssertHasError(result.Errors, "limits.maxDecompressedSize", "must be at least maxMessageSize");
        AssertHasError(result.Errors, "telemetry.logLevel", "unknown log level 'Chatty'");
        Assert.Equal(9, result.Errors.Count);
        Assert.Equal("clusters.echo: no route uses this cluster", Assert.Single(result.Warnings));
    }

    [Fact]
    public void Load_StructuralAndSemanticMistakes_ReportsBothKindsInOnePass()
    {
        const string json = """
            { "listeners": [ { "name": "a", "binding": "soap", "address": "http://127.0.0.1:8080/a" } ],
              "routes": [ { "name": "r", "cluster": "echo", "filters": [ { "type": "matchAll" } ], "priorty": 2 } ],
              "clusters": { "echo": { "destinations": [ { "name": "d", "binding": "basicHttp", "address": "http://127.0.0.1:9080/basic" } ] } } }
            """;

        var result = RouterConfigLoader.Load(json);

        Assert.False(result.Succeeded);
        AssertHasError(result.Errors, "routes[0].priorty", "unknown property 'priorty'");
        AssertHasError(result.Errors, "listeners[0].binding", "unknown binding 'soap'");
        Assert.Equal(2, result.Errors.Count);
    }

    [Fact]
    public void Load_MalformedJson_ReportsOnlyTheSyntaxError()
    {
        var result = RouterConfigLoader.Load("{ \"listeners\": [ ");

        Assert.Contains("invalid JSON", Assert.Single(result.Errors), StringComparison.Ordinal);
    }

    [Fact]
    public void LoadFile_MissingFile_ReportsErrorValue()
    {
        var path = Path.Combine(Path.GetTempPath(), Guid.NewGuid().ToString("N"), "router.json");

        var error = Assert.Single(RouterConfigLoader.LoadFile(path).Errors);

        Assert.StartsWith(path + ": cannot read the file", error, StringComparison.Ordinal);
    }

    [Fact]
    public void Load_AdminAddressOverride_ReplacesTheFilesAddress()
    {
        var json = System.Text.Encoding.UTF8.GetBytes(ToJson(Valid() with { Admin = new AdminConfig { Address = "http://127.0.0.1:9901" } }));

        var result = RouterConfigLoader.Load(json, " http://172.30.0.7:9901 ");
        var unchanged = RouterConfigLoader.Load(json, "");

        Assert.True(result.Succeeded, string.Join(Environment.NewLine, result.Errors));
        Assert.Equal("http://172.30.0.7:9901", result.Config.Admin.Address);
        Assert.True(unchanged.Succeeded, string.Join(Environment.NewLine, unchanged.Errors));
        Assert.Equal("http://127.0.0.1:9901", unchanged.Config.Admin.Address);
    }

    [Fact]
    public void Load_AdminAddressOverride_IsValidatedLikeTheFile()
    {
        var json = System.Text.Encoding.UTF8.GetBytes(ToJson(Valid()));

        var result = RouterConfigLoader.Load(json, "http://router:9901");

        Assert.False(result.Succeeded);
        Assert.Contains(result.Errors, e => e.StartsWith("admin.address", StringComparison.Ordinal));
    }
}
