using System.Text.Json;
using System.Text.Json.Nodes;

namespace LoadClient.AdminStats;

/// <summary>
/// The change between two readings of the router's /stats: every number is after minus before (a counter missing
/// before counts from 0), objects recursively; strings, booleans and arrays are taken from the later reading.
/// </summary>
internal static class JsonDelta
{
    /// <summary><paramref name="after"/> minus <paramref name="before"/>, as a JSON tree.</summary>
    public static JsonNode? Subtract(JsonElement before, JsonElement after)
    {
        switch (after.ValueKind)
        {
            case JsonValueKind.Object:
                var result = new JsonObject();
                foreach (var property in after.EnumerateObject())
                {
                    var previous = before.ValueKind == JsonValueKind.Object && before.TryGetProperty(property.Name, out var p) ? p : default;
                    result[property.Name] = Subtract(previous, property.Value);
                }

                return result;
            case JsonValueKind.Number:
                if (after.TryGetInt64(out var whole))
                {
                    return JsonValue.Create(whole - (before.ValueKind == JsonValueKind.Number && before.TryGetInt64(out var was) ? was : 0));
                }

                return JsonValue.Create(after.GetDouble() - (before.ValueKind == JsonValueKind.Number ? before.GetDouble() : 0));
            default:
                return JsonNode.Parse(after.GetRawText());
        }
    }
}
