using System.Text.Json.Serialization;

namespace SoapRouter.Telemetry;

/// <summary>Source-generated JSON for the statistics snapshot: camelCase, no reflection at run time.</summary>
[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase)]
[JsonSerializable(typeof(StatisticsSnapshot))]
internal sealed partial class TelemetryJsonContext : JsonSerializerContext;
