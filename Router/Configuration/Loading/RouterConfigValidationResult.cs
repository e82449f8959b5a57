namespace SoapRouter.Configuration;

/// <summary>Every problem the validator found in one pass.</summary>
public sealed record RouterConfigValidationResult
{
    /// <summary>Errors that make the config unusable, each starting with its path.</summary>
    public IReadOnlyList<string> Errors { get; init; } = [];

    /// <summary>Notes worth an operator's attention that do not stop the config from loading.</summary>
    public IReadOnlyList<string> Warnings { get; init; } = [];

    /// <summary>True when there are no errors.</summary>
    public bool IsValid => Errors.Count == 0;
}
