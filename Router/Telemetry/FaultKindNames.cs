namespace SoapRouter.Telemetry;

/// <summary>The camelCase names of <see cref="FaultKind"/>, as /stats spells them, made once rather than per message.</summary>
internal static class FaultKindNames
{
    private static readonly string[] Names = Enum.GetValues<FaultKind>().Select(static kind => JsonNamingPolicyName(kind.ToString())).ToArray();

    /// <summary>The name of <paramref name="kind"/>, e.g. "noRoute".</summary>
    public static string Of(FaultKind kind) => (uint)kind < (uint)Names.Length ? Names[(int)kind] : "unknown";

    /// <summary>Every kind with its name.</summary>
    public static IEnumerable<(FaultKind Kind, string Name)> All => Enum.GetValues<FaultKind>().Select(static kind => (kind, Of(kind)));

    private static string JsonNamingPolicyName(string name) => System.Text.Json.JsonNamingPolicy.CamelCase.ConvertName(name);
}
