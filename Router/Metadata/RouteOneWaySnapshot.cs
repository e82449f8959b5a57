namespace SoapRouter.Metadata;

/// <summary>A route's one-way actions on /stats: learned from its cluster's WSDL, or listed in the route.</summary>
/// <param name="Cluster">The route's cluster.</param>
/// <param name="State">One of <see cref="OneWayLearningStates"/>.</param>
/// <param name="OneWayActions">The one-way actions in use for the route, sorted.</param>
/// <param name="Operations">Operations the WSDL described, when it was read.</param>
/// <param name="Source">The destination whose metadata was read.</param>
/// <param name="Problem">Why the last fetch failed.</param>
/// <param name="LearnedAt">When the actions were learned.</param>
internal sealed record RouteOneWaySnapshot(
    string Cluster,
    string State,
    IReadOnlyList<string> OneWayActions,
    [property: System.Text.Json.Serialization.JsonIgnore(Condition = System.Text.Json.Serialization.JsonIgnoreCondition.WhenWritingDefault)]
    int Operations = 0,
    [property: System.Text.Json.Serialization.JsonIgnore(Condition = System.Text.Json.Serialization.JsonIgnoreCondition.WhenWritingNull)]
    string? Source = null,
    [property: System.Text.Json.Serialization.JsonIgnore(Condition = System.Text.Json.Serialization.JsonIgnoreCondition.WhenWritingNull)]
    string? Problem = null,
    [property: System.Text.Json.Serialization.JsonIgnore(Condition = System.Text.Json.Serialization.JsonIgnoreCondition.WhenWritingNull)]
    DateTimeOffset? LearnedAt = null);
