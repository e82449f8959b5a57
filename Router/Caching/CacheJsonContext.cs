using System.Text.Json.Serialization;

namespace SoapRouter.Caching;

/// <summary>Source-generated JSON for the invalidation channel and the admin endpoint's answer.</summary>
[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase, DefaultIgnoreCondition = JsonIgnoreCondition.WhenWritingNull)]
[JsonSerializable(typeof(InvalidationMessage))]
[JsonSerializable(typeof(InvalidationResult))]
internal sealed partial class CacheJsonContext : JsonSerializerContext;
