using SoapRouter.Forwarding;

namespace SoapRouter.Telemetry;

/// <summary>The camelCase names of <see cref="ForwardError"/> for span attributes and metric tags, made once.</summary>
internal static class ForwardErrorNames
{
    private static readonly Dictionary<ForwardError, string> Names =
        Enum.GetValues<ForwardError>().Distinct().ToDictionary(static error => error, static error => System.Text.Json.JsonNamingPolicy.CamelCase.ConvertName(error.ToString()));

    /// <summary>The name of <paramref name="error"/>, e.g. "connectFailed".</summary>
    public static string Of(ForwardError error) => Names.TryGetValue(error, out var name) ? name : "unknown";
}
