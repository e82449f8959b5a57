using System.Text.Json;
using System.Text.Json.Nodes;
using Json.Schema;
using SoapRouter.Tests.Support;

namespace SoapRouter.Tests.Configuration;

/// <summary>router.schema.json, read once: as a JsonSchema.Net validator and as a plain JSON tree to walk.</summary>
internal static class RouterSchema
{
    /// <summary>How router.json is read: comments and trailing commas allowed, as the router's loader allows them.</summary>
    public static readonly JsonDocumentOptions ConfigReading = new()
    {
        CommentHandling = JsonCommentHandling.Skip,
        AllowTrailingCommas = true,
    };

    private static readonly Lazy<JsonSchema> Validator = new(() => JsonSchema.FromText(File.ReadAllText(FilePath)));

    /// <summary>The schema file at the repository's top level.</summary>
    public static string FilePath => Path.Combine(RepositoryPaths.Root, "router.schema.json");

    /// <summary>The schema as a JSON tree.</summary>
    public static JsonObject Tree => JsonNode.Parse(File.ReadAllText(FilePath))!.AsObject();

    /// <summary>Every schema error in <paramref name="configText"/> (router.json text, comments allowed), each with its JSON pointer; empty when valid.</summary>
    public static IReadOnlyList<string> Errors(string configText)
    {
        using var document = JsonDocument.Parse(configText, ConfigReading);
        var results = Validator.Value.Evaluate(document.RootElement, new EvaluationOptions { OutputFormat = OutputFormat.List });
        if (results.IsValid)
        {
            return [];
        }

        var errors = new List<string>();
        var nodes = new List<EvaluationResults> { results };
        nodes.AddRange(results.Details ?? []);
        foreach (var node in nodes)
        {
            foreach (var (keyword, message) in node.Errors ?? new Dictionary<string, string>())
            {
                // The only false schemas in router.schema.json are additionalProperties: false.
                var what = keyword.Length == 0 ? "unknown property" : keyword;
                errors.Add($"{node.InstanceLocation}: {what}: {message}");
            }
        }

        // A failed anyOf or $ref reports only below it; the root's verdict alone still says "invalid".
        return errors.Count > 0 ? errors : ["(root): invalid"];
    }
}
