namespace SoapRouter.Configuration;

/// <summary>One loaded, validated config with its version; immutable, so work in flight can keep holding it.</summary>
public sealed record RouterConfigSnapshot
{
    /// <summary>The config.</summary>
    public required RouterConfig Config { get; init; }

    /// <summary>1 for the config loaded at start, then one more for each successful reload.</summary>
    public required long Version { get; init; }

    /// <summary>When this snapshot was installed.</summary>
    public required DateTimeOffset LoadedAt { get; init; }

    /// <summary>Validation warnings of this config (e.g. clusters no route uses).</summary>
    public IReadOnlyList<string> Warnings { get; init; } = [];
}
