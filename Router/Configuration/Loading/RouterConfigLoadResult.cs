using System.Diagnostics.CodeAnalysis;

namespace SoapRouter.Configuration;

/// <summary>The outcome of reading router.json: a config when there are no errors, otherwise every error found.</summary>
public sealed record RouterConfigLoadResult
{
    /// <summary>The config; null when <see cref="Errors"/> is not empty.</summary>
    public RouterConfig? Config { get; init; }

    /// <summary>Every error, each starting with the path it concerns (e.g. <c>routes[2].filters[0]: ...</c>).</summary>
    public IReadOnlyList<string> Errors { get; init; } = [];

    /// <summary>Notes that do not stop the config from loading, such as a cluster no route uses.</summary>
    public IReadOnlyList<string> Warnings { get; init; } = [];

    /// <summary>True when the file produced a config without errors.</summary>
    [MemberNotNullWhen(true, nameof(Config))]
    public bool Succeeded => Config is not null && Errors.Count == 0;

    /// <summary>A failed result carrying <paramref name="errors"/>.</summary>
    public static RouterConfigLoadResult Failure(IReadOnlyList<string> errors, IReadOnlyList<string>? warnings = null) =>
        new() { Errors = errors, Warnings = warnings ?? [] };
}
