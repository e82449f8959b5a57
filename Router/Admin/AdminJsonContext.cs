using System.Text.Json.Serialization;

namespace SoapRouter.Admin;

/// <summary>Source-generated JSON for the admin endpoint's own bodies: camelCase, no reflection at run time.</summary>
[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase)]
[JsonSerializable(typeof(HealthReport))]
[JsonSerializable(typeof(OverviewReport))]
internal sealed partial class AdminJsonContext : JsonSerializerContext;
