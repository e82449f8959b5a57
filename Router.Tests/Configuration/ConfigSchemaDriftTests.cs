using System.Text.Json;
using System.Text.Json.Nodes;
using System.Text.Json.Serialization.Metadata;
using SoapRouter.Configuration;
using SoapRouter.LoadBalancing;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Compression;

namespace SoapRouter.Tests.Configuration;

/// <summary>
/// router.schema.json against the config records as the loader binds them (its own serializer metadata): the same keys
/// at the same paths, the same JSON types, the same defaults, and the closed sets the checker accepts. A key added to
/// one side only fails here with its path.
/// </summary>
public sealed class ConfigSchemaDriftTests
{
    private static readonly JsonTypeInfo Root = RouterConfigJson.RouterConfig;
    private static readonly JsonObject Schema = RouterSchema.Tree;
    private static readonly SortedDictionary<string, (JsonPropertyInfo Property, object? Default)> TypeKeys = ConfigKeyWalk.FromTypes(Root);
    private static readonly SortedDictionary<string, JsonObject> SchemaKeys = ConfigKeyWalk.FromSchema(Schema);

    [Fact]
    public void Walk_FindsKeysAtEveryDepth()
    {
        // Guards the walk itself: a walk that stopped at the top would make the two checks below pass on nothing.
        Assert.Contains("clusters.*.destinations[].tls.clientCertificate.keyPath", TypeKeys.Keys);
        Assert.Contains("listeners[].tls.sni.*.password", TypeKeys.Keys);
        Assert.Contains("clusters.*.outlierDetection.latency.threshold", SchemaKeys.Keys);
        Assert.True(TypeKeys.Count > 150, $"only {TypeKeys.Count} keys found");
    }

    [Fact]
    public void Schema_NamesEveryKeyTheLoaderReads()
    {
        var missing = TypeKeys.Keys.Except(SchemaKeys.Keys, StringComparer.Ordinal).ToList();

        Assert.True(missing.Count == 0, "keys the config records accept but router.schema.json does not describe:" + Environment.NewLine + string.Join(Environment.NewLine, missing));
    }

    [Fact]
    public void Schema_NamesNoKeyTheLoaderRefuses()
    {
        var extra = SchemaKeys.Keys.Except(TypeKeys.Keys, StringComparer.Ordinal).ToList();

        Assert.True(extra.Count == 0, "keys router.schema.json describes but the config records do not accept:" + Environment.NewLine + string.Join(Environment.NewLine, extra));
    }

    [Fact]
    public void Schema_EveryObjectRefusesUnknownKeys_AndEveryKeyIsDescribed()
    {
        var problems = new List<string>();
        foreach (var (path, node) in SchemaKeys)
        {
            if (node["description"]?.GetValue<string>() is not { Length: > 0 })
            {
                problems.Add($"{path}: no description");
            }
        }

        CheckClosed(Schema, "(root)", problems);

        Assert.True(problems.Count == 0, string.Join(Environment.NewLine, problems));
    }

    [Fact]
    public void Schema_TypesAreThePropertyTypes()
    {
        var problems = new List<string>();
        foreach (var (path, property, _, node) in KeysOnBothSides())
        {
            var (expected, nullable) = JsonTypeOf(property);
            var actual = ConfigKeyWalk.Types(node, Schema);
            if (!actual.SetEquals([expected]) || ConfigKeyWalk.AllowsNull(node) != nullable)
            {
                problems.Add($"{path}: the record's {property.PropertyType.Name} is {expected}{(nullable ? " or null" : "")}; the schema says {string.Join(" or ", actual)}{(ConfigKeyWalk.AllowsNull(node) ? " or null" : "")}");
            }

            var underlying = Nullable.GetUnderlyingType(property.PropertyType) ?? property.PropertyType;
            if (underlying == typeof(TimeSpan) && ConfigKeyWalk.Resolve(node, Schema)["pattern"] is null)
            {
                problems.Add($"{path}: a duration without the hh:mm:ss pattern");
            }
        }

        Assert.True(problems.Count == 0, string.Join(Environment.NewLine, problems));
    }

    [Fact]
    public void Schema_DefaultsAreTheRecordsDefaults()
    {
        var problems = new List<string>();
        foreach (var (path, property, recordDefault, node) in KeysOnBothSides())
        {
            var kind = Root.Options.GetTypeInfo(property.PropertyType).Kind;
            if (!node.ContainsKey("default"))
            {
                // A nested section's defaults are its keys'; every other key states its own.
                if (kind != JsonTypeInfoKind.Object)
                {
                    problems.Add($"{path}: no default");
                }

                continue;
            }

            var expected = JsonSerializer.SerializeToNode(recordDefault, property.PropertyType, Root.Options);
            var stated = JsonSerializer.Deserialize(node["default"]?.ToJsonString() ?? "null", property.PropertyType, Root.Options);
            var actual = JsonSerializer.SerializeToNode(stated, property.PropertyType, Root.Options);
            if (!JsonNode.DeepEquals(expected, actual))
            {
                problems.Add($"{path}: the record's default is {expected?.ToJsonString() ?? "null"}, the schema's {node["default"]?.ToJsonString() ?? "null"}");
            }
        }

        Assert.True(problems.Count == 0, string.Join(Environment.NewLine, problems));
    }

    public static TheoryData<string, string[]> ClosedSets => new()
    {
        { "listeners[].binding", [.. WireBindingNames.All] },
        { "clusters.*.destinations[].binding", [.. WireBindingNames.All] },
        { "listeners[].encoding", [.. WireEncodingNames.Configurable] },
        { "clusters.*.destinations[].encoding", [.. WireEncodingNames.Configurable] },
        { "listeners[].addressing", [.. WireAddressingNames.Configurable] },
        { "clusters.*.destinations[].addressing", [.. WireAddressingNames.Configurable] },
        { "listeners[].transportMode", [.. TransportModes.All] },
        { "clusters.*.destinations[].transportMode", [.. TransportModes.All] },
        { "listeners[].tls.clientCertificateMode", [.. TlsNames.ClientCertificateModes] },
        { "listeners[].tls.protocols", [.. TlsNames.Protocols] },
        { "routes[].filters[].type", [.. FilterTypes.All] },
        { "routes[].filters[].match", [FilterTypes.MatchExact, FilterTypes.MatchPrefix] },
        { "routes[].sessions", [SessionModes.Affinity, SessionModes.Multiplex] },
        { "routes[].forwardClientCertificate", [ClientCertificateForwarding.Header] },
        { "clusters.*.loadBalancing", [.. LoadBalancingPolicyNames.All] },
        { "clusters.*.healthCheck.netTcpProbe", [.. NetTcpProbeKinds.All] },
        { "telemetry.logLevel", [.. RouterConfigValidator.LogLevels] },
        { "telemetry.logFormat", [.. TelemetryLogFormats.All] },
        { "telemetry.otlp.protocol", [.. OtlpProtocols.All] },
        { "listeners[].compression.mode", Words<LinkCompressionMode>() },
        { "listeners[].compression.form", Words<CompressionWireForm>() },
        { "listeners[].compression.cpuSource", Words<CpuSource>() },
        { "listeners[].compression.codecs", [.. CodecRegistry.Default.Codecs.Where(c => c.Id != CodecId.None).Select(c => c.Name)] },
    };

    [Theory]
    [MemberData(nameof(ClosedSets))]
    public void Schema_EnumIsTheSetTheCheckerAccepts(string path, string[] accepted)
    {
        var node = ConfigKeyWalk.Resolve(SchemaKeys[path], Schema);
        var values = (node["enum"] ?? node["items"]!["enum"])!.AsArray()
            .Where(value => value is not null)
            .Select(value => value!.GetValue<string>());

        Assert.Equal(accepted.Order(StringComparer.Ordinal), values.Order(StringComparer.Ordinal));
    }

    // Keys on one side only are reported by the two tests above; the rest compare what both sides say of a key.
    private static IEnumerable<(string Path, JsonPropertyInfo Property, object? Default, JsonObject Node)> KeysOnBothSides()
    {
        foreach (var (path, (property, recordDefault)) in TypeKeys)
        {
            if (SchemaKeys.TryGetValue(path, out var node))
            {
                yield return (path, property, recordDefault, node);
            }
        }
    }

    private static string[] Words<TEnum>()
        where TEnum : struct, Enum =>
        [.. Enum.GetNames<TEnum>().Select(name => JsonNamingPolicy.CamelCase.ConvertName(name))];

    private static (string Type, bool Nullable) JsonTypeOf(JsonPropertyInfo property)
    {
        var type = property.PropertyType;
        var underlying = Nullable.GetUnderlyingType(type);
        var nullable = underlying is not null || property.IsSetNullable;
        type = underlying ?? type;
        var kind = Root.Options.GetTypeInfo(type).Kind;
        var json = kind switch
        {
            JsonTypeInfoKind.Enumerable => "array",
            JsonTypeInfoKind.Object or JsonTypeInfoKind.Dictionary => "object",
            _ when type == typeof(bool) => "boolean",
            _ when type == typeof(int) || type == typeof(long) => "integer",
            _ when type == typeof(double) => "number",
            _ when type == typeof(string) || type == typeof(TimeSpan) || type.IsEnum => "string",
            _ => "unmapped " + type.Name,
        };
        return (json, nullable);
    }

    private static void CheckClosed(JsonNode? node, string where, List<string> problems)
    {
        switch (node)
        {
            case JsonObject obj:
                if (obj.ContainsKey("properties") && obj["additionalProperties"]?.GetValueKind() != JsonValueKind.False)
                {
                    problems.Add($"{where}: an object without \"additionalProperties\": false (the loader refuses unknown keys)");
                }

                foreach (var (name, child) in obj)
                {
                    CheckClosed(child, where + "/" + name, problems);
                }

                break;
            case JsonArray array:
                for (var i = 0; i < array.Count; i++)
                {
                    CheckClosed(array[i], where + "/" + i, problems);
                }

                break;
        }
    }
}
