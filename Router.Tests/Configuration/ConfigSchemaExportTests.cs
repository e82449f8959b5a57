using System.Text.Json.Nodes;
using System.Text.Json.Schema;
using SoapRouter.Configuration;

namespace SoapRouter.Tests.Configuration;

/// <summary>
/// router.schema.json against the schema System.Text.Json derives from the config records with the loader's own
/// serializer options (<see cref="JsonSchemaExporter"/>): every object names the same properties, at the same nesting,
/// arrays and maps where the records have them, and the same enum values where the records declare an enum. The
/// hand-kept schema adds descriptions, defaults and examples; its shape can no longer drift from the records.
/// </summary>
public sealed class ConfigSchemaExportTests
{
    private static readonly JsonObject Schema = RouterSchema.Tree;

    private static readonly JsonObject Exported = JsonSchemaExporter.GetJsonSchemaAsNode(
        RouterConfigJson.RouterConfig.Options,
        typeof(RouterConfig),
        new JsonSchemaExporterOptions { TreatNullObliviousAsNonNullable = true }).AsObject();

    [Fact]
    public void Export_DescribesNestedSections()
    {
        // Guards the walk: an export that stopped at the top would let the comparison below pass on nothing.
        var listener = Exported["properties"]!["listeners"]!["items"]!.AsObject();
        Assert.NotNull(listener["properties"]!["tls"]);
        Assert.NotNull(Exported["properties"]!["clusters"]!["additionalProperties"]!["properties"]!["destinations"]);
    }

    [Fact]
    public void Schema_HasTheShapeTheRecordsExport()
    {
        var problems = new List<string>();
        Compare(Exported, Schema, "(root)", problems);

        Assert.True(problems.Count == 0, "router.schema.json differs from the records' exported schema:" + Environment.NewLine + string.Join(Environment.NewLine, problems));
    }

    private static void Compare(JsonObject exported, JsonObject handKept, string path, List<string> problems)
    {
        exported = ResolveExported(exported);
        handKept = ConfigKeyWalk.Resolve(handKept, Schema);
        var exportedShape = Shape(exported);
        var handKeptShape = Shape(handKept);
        if (exportedShape != handKeptShape)
        {
            problems.Add($"{path}: the records have {exportedShape}, the schema {handKeptShape}");
            return;
        }

        switch (exportedShape)
        {
            case "an object":
                var names = exported["properties"]!.AsObject().Select(p => p.Key).ToHashSet(StringComparer.Ordinal);
                var described = handKept["properties"]!.AsObject().Select(p => p.Key).ToHashSet(StringComparer.Ordinal);
                problems.AddRange(names.Except(described).Order(StringComparer.Ordinal).Select(name => $"{Child(path, name)}: in the records, not in the schema"));
                problems.AddRange(described.Except(names).Order(StringComparer.Ordinal).Select(name => $"{Child(path, name)}: in the schema, not in the records"));
                foreach (var name in names.Intersect(described).Order(StringComparer.Ordinal))
                {
                    Compare(exported["properties"]![name]!.AsObject(), handKept["properties"]![name]!.AsObject(), Child(path, name), problems);
                }

                break;
            case "an array":
                Compare(exported["items"]!.AsObject(), handKept["items"]!.AsObject(), path + "[]", problems);
                break;
            case "a map":
                Compare(exported["additionalProperties"]!.AsObject(), handKept["additionalProperties"]!.AsObject(), path + ".*", problems);
                break;
            default:
                if (Words(exported["enum"]) is { } declared && !declared.SetEquals(Words(handKept["enum"]) ?? []))
                {
                    problems.Add($"{path}: the records' enum is [{string.Join(", ", declared.Order(StringComparer.Ordinal))}], the schema's [{string.Join(", ", (IEnumerable<string>?)Words(handKept["enum"]) ?? [])}]");
                }

                break;
        }
    }

    private static string Child(string path, string name) => path == "(root)" ? name : path + "." + name;

    /// <summary>What a node describes: an object with named properties, a map (any names, one value shape), an array or a value.</summary>
    private static string Shape(JsonObject node) =>
        node["properties"] is JsonObject ? "an object"
        : node["items"] is JsonObject ? "an array"
        : node["additionalProperties"] is JsonObject ? "a map"
        : "a value";

    /// <summary>The exporter refers to a type it has already described (a recursive or repeated one) by a JSON pointer from the root.</summary>
    private static JsonObject ResolveExported(JsonObject node)
    {
        if (node["$ref"]?.GetValue<string>() is not { } reference)
        {
            return node;
        }

        JsonNode target = Exported;
        foreach (var part in reference.TrimStart('#').Split('/', StringSplitOptions.RemoveEmptyEntries))
        {
            target = target[part.Replace("~1", "/", StringComparison.Ordinal).Replace("~0", "~", StringComparison.Ordinal)]!;
        }

        return ResolveExported(target.AsObject());
    }

    private static HashSet<string>? Words(JsonNode? values) =>
        values is JsonArray array
            ? array.Where(value => value is not null).Select(value => value!.ToString()).ToHashSet(StringComparer.Ordinal)
            : null;
}
