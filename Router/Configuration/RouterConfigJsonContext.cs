using System.Text.Json;
using System.Text.Json.Serialization;

namespace SoapRouter.Configuration;

/// <summary>
/// Source-generated JSON metadata for router.json: camelCase names, comments and trailing commas allowed,
/// nullable annotations enforced and unknown properties refused, so the model itself is the schema.
/// </summary>
[JsonSourceGenerationOptions(
    PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase,
    ReadCommentHandling = JsonCommentHandling.Skip,
    AllowTrailingCommas = true,
    RespectNullableAnnotations = true,
    UnmappedMemberHandling = JsonUnmappedMemberHandling.Disallow,
    WriteIndented = true)]
[JsonSerializable(typeof(RouterConfig))]
internal sealed partial class RouterConfigJsonContext : JsonSerializerContext;
