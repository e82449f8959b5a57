using System.Text.Json.Nodes;
using System.Text.Json.Serialization.Metadata;

namespace SoapRouter.Tests.Configuration;

/// <summary>
/// The keys of router.json as paths (<c>clusters.*.destinations[].tls.serverName</c>: <c>[]</c> for an array's items,
/// <c>.*</c> for a dictionary's values), collected two ways: from the loader's own serializer metadata for the config
/// records, and from router.schema.json. The two must name the same keys.
/// </summary>
internal static class ConfigKeyWalk
{
    /// <summary>Every property the loader binds, by path, with the record's default value for it.</summary>
    public static SortedDictionary<string, (JsonPropertyInfo Property, object? Default)> FromTypes(JsonTypeInfo root)
    {
        var keys = new SortedDictionary<string, (JsonPropertyInfo, object?)>(StringComparer.Ordinal);
        WalkType(root, "", keys);
        return keys;
    }

    /// <summary>Every property the schema names, by path, with its schema node (before any $ref is followed).</summary>
    public static SortedDictionary<string, JsonObject> FromSchema(JsonObject schema)
    {
        var keys = new SortedDictionary<string, JsonObject>(StringComparer.Ordinal);
        WalkSchema(schema, "", schema, keys);
        return keys;
    }

    /// <summary>
    /// The node that says what <paramref name="node"/> is: its $ref's target, or the branch of an anyOf that is not null.
    /// </summary>
    public static JsonObject Resolve(JsonObject node, JsonObject schema)
    {
        if (node["$ref"]?.GetValue<string>() is { } reference)
        {
            const string Prefix = "#/$defs/";
            Assert.StartsWith(Prefix, reference, StringComparison.Ordinal);
            return Resolve(schema["$defs"]![reference[Prefix.Length..]]!.AsObject(), schema);
        }

        if (node["anyOf"] is JsonArray branches)
        {
            return Resolve(branches.Single(branch => branch!["type"]?.ToString() != "null")!.AsObject(), schema);
        }

        return node;
    }

    /// <summary>True when <paramref name="node"/> admits null: "null" among its types, or a null branch of its anyOf.</summary>
    public static bool AllowsNull(JsonObject node) =>
        node["anyOf"] is JsonArray branches
            ? branches.Any(branch => branch!["type"]?.ToString() == "null")
            : node["type"] is JsonArray types && types.Any(type => type!.GetValue<string>() == "null");

    /// <summary>The JSON types <paramref name="node"/> admits, null left out.</summary>
    public static SortedSet<string> Types(JsonObject node, JsonObject schema)
    {
        var names = new SortedSet<string>(StringComparer.Ordinal);
        switch (Resolve(node, schema)["type"])
        {
            case JsonArray array:
                names.UnionWith(array.Select(t => t!.GetValue<string>()));
                break;
            case JsonNode one:
                names.Add(one.GetValue<string>());
                break;
        }

        names.Remove("null");
        return names;
    }

    private static void WalkType(JsonTypeInfo type, string prefix, SortedDictionary<string, (JsonPropertyInfo, object?)> keys)
    {
        switch (type.Kind)
        {
            case JsonTypeInfoKind.Object:
                var instance = type.CreateObject?.Invoke();
                foreach (var property in type.Properties)
                {
                    // [JsonIgnore] computed properties (CertificateConfig.IsPkcs12) stay in the metadata with no getter.
                    if (property.Get is null)
                    {
                        continue;
                    }

                    var path = prefix.Length == 0 ? property.Name : prefix + "." + property.Name;
                    keys.Add(path, (property, instance is null ? null : property.Get(instance)));
                    WalkType(type.Options.GetTypeInfo(property.PropertyType), path, keys);
                }

                break;
            case JsonTypeInfoKind.Enumerable:
                WalkType(type.Options.GetTypeInfo(type.ElementType!), prefix + "[]", keys);
                break;
            case JsonTypeInfoKind.Dictionary:
                WalkType(type.Options.GetTypeInfo(type.ElementType!), prefix + ".*", keys);
                break;
        }
    }

    private static void WalkSchema(JsonObject node, string prefix, JsonObject schema, SortedDictionary<string, JsonObject> keys)
    {
        node = Resolve(node, schema);
        if (node["properties"] is JsonObject properties)
        {
            foreach (var (name, child) in properties)
            {
                var path = prefix.Length == 0 ? name : prefix + "." + name;
                keys.Add(path, child!.AsObject());
                WalkSchema(child.AsObject(), path, schema, keys);
            }
        }

        if (node["items"] is JsonObject items)
        {
            WalkSchema(items, prefix + "[]", schema, keys);
        }

        if (node["additionalProperties"] is JsonObject values)
        {
            WalkSchema(values, prefix + ".*", schema, keys);
        }
    }
}
