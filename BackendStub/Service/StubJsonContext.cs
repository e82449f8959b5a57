using System.Text.Json.Serialization;

namespace BackendStub.Service;

/// <summary>Source-generated JSON metadata of what the stub serves.</summary>
[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase, WriteIndented = true)]
[JsonSerializable(typeof(StubStatsSnapshot))]
internal sealed partial class StubJsonContext : JsonSerializerContext;
