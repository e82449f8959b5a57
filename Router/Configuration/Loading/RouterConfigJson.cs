using System.Text.Json;
using System.Text.Json.Serialization;
using System.Text.Json.Serialization.Metadata;

namespace SoapRouter.Configuration;

/// <summary>
/// The JSON settings for router.json: camelCase names, comments and trailing commas allowed, nullable annotations
/// enforced and unknown properties refused, so the config records themselves are the schema.
/// </summary>
internal static class RouterConfigJson
{
    // Reflection rather than a source-generated context: generated code builds init-only properties in the object
    // initializer and so resets every default the records declare ([] lists, 30 s timeouts) when the file omits it.
    private static readonly JsonSerializerOptions Options = CreateOptions(JsonUnmappedMemberHandling.Disallow);
    private static readonly JsonSerializerOptions LenientOptions = CreateOptions(JsonUnmappedMemberHandling.Skip);

    /// <summary>Metadata for the root record, used by both the checker and the deserializer.</summary>
    public static JsonTypeInfo<RouterConfig> RouterConfig { get; } = (JsonTypeInfo<RouterConfig>)Options.GetTypeInfo(typeof(RouterConfig));

    /// <summary>
    /// The same metadata but skipping unknown properties: used only to find the semantic errors of a file that also
    /// has structural ones, so the user sees every error in one go.
    /// </summary>
    public static JsonTypeInfo<RouterConfig> LenientRouterConfig { get; } = (JsonTypeInfo<RouterConfig>)LenientOptions.GetTypeInfo(typeof(RouterConfig));

    private static JsonSerializerOptions CreateOptions(JsonUnmappedMemberHandling unmapped)
    {
        var options = new JsonSerializerOptions
        {
            PropertyNamingPolicy = JsonNamingPolicy.CamelCase,
            ReadCommentHandling = JsonCommentHandling.Skip,
            AllowTrailingCommas = true,
            RespectNullableAnnotations = true,
            UnmappedMemberHandling = unmapped,
            WriteIndented = true,
            TypeInfoResolver = new DefaultJsonTypeInfoResolver(),
        };

        // The compression sections' enums (mode, form) are words in the file.
        options.Converters.Add(new JsonStringEnumConverter(JsonNamingPolicy.CamelCase, allowIntegerValues: false));
        options.MakeReadOnly();
        return options;
    }
}
