using System.Collections.Frozen;

namespace SoapRouter.Metadata;

/// <summary>What one cluster's WSDL said about its one-way operations, and how the last attempt to read it went.</summary>
/// <param name="State">One of <see cref="OneWayLearningStates"/>.</param>
/// <param name="OneWayActions">The actions of the one-way operations learned (kept from an earlier success when a later fetch fails).</param>
/// <param name="Operations">Operations the WSDL described, when it was read.</param>
/// <param name="Source">The destination whose metadata was read (or last tried).</param>
/// <param name="Problem">Why the last attempt failed; null after a success.</param>
/// <param name="LearnedAt">When the actions in use were learned.</param>
internal sealed record LearnedContract(
    string State,
    FrozenSet<string> OneWayActions,
    int Operations = 0,
    string? Source = null,
    string? Problem = null,
    DateTimeOffset? LearnedAt = null)
{
    /// <summary>Nothing learned yet.</summary>
    public static LearnedContract Pending { get; } = new(OneWayLearningStates.Pending, FrozenSet<string>.Empty);
}
