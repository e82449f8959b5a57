using System.Text.Json.Serialization;
using SoapRouter.Queues;

namespace SoapRouter.Admin;

/// <summary>Source-generated JSON for the queue administration's bodies.</summary>
[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase)]
[JsonSerializable(typeof(QueuesSnapshot))]
[JsonSerializable(typeof(DeadLetterList))]
[JsonSerializable(typeof(DeadLetterChange))]
internal sealed partial class QueueJsonContext : JsonSerializerContext;
