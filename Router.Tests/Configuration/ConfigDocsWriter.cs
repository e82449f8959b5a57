using System.Globalization;
using System.Text;
using System.Text.Json;
using System.Text.Json.Nodes;

namespace SoapRouter.Tests.Configuration;

/// <summary>
/// Renders docs/configuration.md from router.schema.json (and the "When to use" comment of each deploy/examples/ file),
/// so the page cannot say anything the schema does not. <see cref="ConfigDocsTests"/> fails when the committed page
/// differs and tells how to regenerate it.
/// </summary>
internal static class ConfigDocsWriter
{
    /// <summary>The command that rewrites the page.</summary>
    public const string RegenerateCommand =
        "SOAPROUTER_WRITE_DOCS=1 dotnet test Router.Tests -c Release --filter FullyQualifiedName~ConfigDocsTests";

    private static readonly JsonSerializerOptions Compact = new() { Encoder = System.Text.Encodings.Web.JavaScriptEncoder.UnsafeRelaxedJsonEscaping };

    /// <summary>The page for <paramref name="schema"/>; <paramref name="examples"/> are (file, when to use it) pairs.</summary>
    public static string Render(JsonObject schema, IReadOnlyList<(string File, string WhenToUse)> examples)
    {
        var text = new StringBuilder();
        text.Append(CultureInfo.InvariantCulture, $$"""
            # Configuration: router.json

            <!-- Generated from router.schema.json by Router.Tests/Configuration/ConfigDocsWriter.cs: edit the schema, not this
                 page, then regenerate with `{{RegenerateCommand}}` (the test fails while the two differ). -->

            The router reads one JSON file, `router.json` (`--config PATH` names another). What you do with it:

            - **Edit it.** Comments (`//`, `/* */`) and trailing commas are allowed; durations are `"hh:mm:ss"` strings
              (`"00:00:05"`, `"00:00:00.500"`, `"14.00:00:00"` for 14 days); unknown keys are errors. A running router re-reads
              the file when it changes: a bad edit is logged with every error and the last good config stays.
            - **Check it** without starting the router (exit code 0 valid, 2 invalid; every error printed with its path and line):

                  dotnet run --project Router -c Release -- --config router.json --check

            - **Get completion and checking in your editor.** The shipped configs start with
              `"$schema": "./router.schema.json"` (a path relative to the file); VS Code, JetBrains editors and others then
              complete keys and values, show these descriptions and mark unknown keys and wrong values as you type. VS Code
              reads comments only in JSON with Comments: add `"files.associations": { "router.json": "jsonc", "deploy/**/*.json": "jsonc" }`
              to its settings. The schema is a guide; `--check` is the judge (it also loads certificates, checks addresses,
              names and the ways settings clash).
            - **Start from an example** in [deploy/examples/](../deploy/examples/):

            """);
        foreach (var (file, whenToUse) in examples)
        {
            text.Append(CultureInfo.InvariantCulture, $"  - [`{file}`](../deploy/examples/{file}): {whenToUse}\n");
        }

        text.Append("""

            Every key below: its path (`[]` an array's items, `<name>` a key you choose), type, default, what it does, and an
            example. "required" keys must be present; "none" means the key is absent by default.

            """);

        var expanded = new Dictionary<string, string>(StringComparer.Ordinal);
        var root = schema["properties"]!.AsObject();
        var required = RequiredOf(schema);
        foreach (var (name, node) in root)
        {
            if (name == "$schema")
            {
                continue;
            }

            text.Append(CultureInfo.InvariantCulture, $"\n## `{name}`\n\n{Escape(Description(node!.AsObject()))}\n\n");
            text.Append("| key | type | default | description | example |\n|---|---|---|---|---|\n");
            Row(text, name, name, node.AsObject(), required.Contains(name), schema, expanded);
        }

        return text.ToString();
    }

    private static void Row(StringBuilder text, string path, string key, JsonObject node, bool required, JsonObject schema, Dictionary<string, string> expanded)
    {
        var resolved = ConfigKeyWalk.Resolve(node, schema);
        var reference = Reference(node) ?? Reference(resolved["items"] as JsonObject) ?? Reference(resolved["additionalProperties"] as JsonObject);
        var description = Escape(Description(node));
        var repeated = reference is not null && expanded.TryGetValue(reference, out var first) ? first : null;
        if (repeated is not null)
        {
            description += $" Same keys as `{repeated}`.";
        }

        text.Append(CultureInfo.InvariantCulture, $"| `{path}` | {TypeOf(resolved)} | {DefaultOf(node, required)} | {description} | {ExampleOf(key, node, resolved)} |\n");
        if (repeated is not null)
        {
            return;
        }

        if (reference is not null)
        {
            expanded.Add(reference, path);
        }

        var (inner, innerPath) = resolved["items"] is JsonObject items ? (ConfigKeyWalk.Resolve(items, schema), path + "[]")
            : resolved["additionalProperties"] is JsonObject values ? (ConfigKeyWalk.Resolve(values, schema), path + ".<name>")
            : (resolved, path);
        if (inner["properties"] is not JsonObject properties)
        {
            return;
        }

        var required2 = RequiredOf(inner);
        foreach (var (name, child) in properties)
        {
            Row(text, innerPath + "." + name, name, child!.AsObject(), required2.Contains(name), schema, expanded);
        }
    }

    private static string? Reference(JsonObject? node) =>
        node is null ? null
            : node["$ref"]?.GetValue<string>()
            ?? (node["anyOf"] as JsonArray)?.Select(branch => branch!["$ref"]?.GetValue<string>()).FirstOrDefault(r => r is not null);

    private static HashSet<string> RequiredOf(JsonObject node) =>
        node["required"] is JsonArray names ? [.. names.Select(n => n!.GetValue<string>())] : [];

    private static string Description(JsonObject node) => node["description"]?.GetValue<string>() ?? "";

    private static string TypeOf(JsonObject node)
    {
        if (node["enum"] is JsonArray values)
        {
            return string.Join(" \\| ", values.Where(v => v is not null).Select(v => $"`{v!.GetValue<string>()}`"));
        }

        var type = node["type"] switch
        {
            JsonArray array => array.Select(t => t!.GetValue<string>()).First(t => t != "null"),
            JsonNode one => one.GetValue<string>(),
            _ => "",
        };
        return type switch
        {
            "string" when node["pattern"] is not null => "duration",
            "integer" or "number" => type + Range(node),
            "array" => "array of " + ItemsOf(node["items"]!.AsObject()),
            "object" when node["additionalProperties"] is JsonObject => "map of `<name>` to " + ItemsOf(node["additionalProperties"]!.AsObject()),
            _ => type,
        };
    }

    private static string ItemsOf(JsonObject items) =>
        items["enum"] is JsonArray values ? string.Join(" \\| ", values.Select(v => $"`{v!.GetValue<string>()}`"))
            : items["$ref"] is not null ? "objects"
            : items["type"]?.GetValue<string>() + "s";

    private static string Range(JsonObject node)
    {
        var low = node["minimum"] is { } min ? $"from {min.ToJsonString()}" : node["exclusiveMinimum"] is { } xmin ? $"above {xmin.ToJsonString()}" : null;
        var high = node["maximum"] is { } max ? $"to {max.ToJsonString()}" : null;
        return low is null && high is null ? "" : ", " + string.Join(" ", new[] { low, high }.Where(part => part is not null));
    }

    private static string DefaultOf(JsonObject node, bool required)
    {
        if (required)
        {
            return "required";
        }

        if (!node.ContainsKey("default"))
        {
            return "";
        }

        return node["default"] is null ? "none" : Code(node["default"]!);
    }

    private static string ExampleOf(string key, JsonObject node, JsonObject resolved)
    {
        var value = (node["examples"] as JsonArray)?.FirstOrDefault()
            ?? (node["default"] is { } d && !IsEmpty(d) ? d : null)
            ?? (resolved["enum"] as JsonArray)?.FirstOrDefault(v => v is not null);
        return value is null ? "" : Code($"\"{key}\": {value.ToJsonString(Compact)}");
    }

    private static bool IsEmpty(JsonNode value) =>
        value is JsonArray { Count: 0 } or JsonObject { Count: 0 } || (value is JsonValue v && v.GetValueKind() == JsonValueKind.String && v.GetValue<string>().Length == 0);

    private static string Code(JsonNode value) => Code(value.ToJsonString(Compact));

    private static string Code(string text) => "`" + text.Replace("|", "\\|", StringComparison.Ordinal) + "`";

    private static string Escape(string text) =>
        text.Replace("|", "\\|", StringComparison.Ordinal).Replace("<", "&lt;", StringComparison.Ordinal).Replace(">", "&gt;", StringComparison.Ordinal);
}
