using System.Text.Json;
using System.Text.Json.Serialization;

namespace LoadClient.Reporting;

/// <summary>Serializes <see cref="LoadReport"/> with source-generated metadata (camelCase, indented).</summary>
[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase, WriteIndented = true)]
[JsonSerializable(typeof(LoadReport))]
internal sealed partial class LoadReportJson : JsonSerializerContext
{
    /// <summary>Writes <paramref name="report"/> to <paramref name="path"/>, replacing the file.</summary>
    public static void Write(LoadReport report, string path)
    {
        using var stream = File.Create(path);
        JsonSerializer.Serialize(stream, report, Default.LoadReport);
    }
}
