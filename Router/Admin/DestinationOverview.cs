namespace SoapRouter.Admin;

/// <summary>One destination now.</summary>
/// <param name="Name">Its name.</param>
/// <param name="Address">Its address.</param>
/// <param name="Binding">Its binding.</param>
/// <param name="Backup">Whether it is a backup (used when no primary is available).</param>
/// <param name="State">"healthy", "ejected" (its attempts failed) or "unhealthy" (its probes fail).</param>
/// <param name="EjectedUntil">When its ejection ends; null when not ejected.</param>
/// <param name="InFlight">Attempts to it under way now.</param>
/// <param name="Requests">Attempts since this config took it.</param>
/// <param name="Failures">Of those, the ones that failed.</param>
/// <param name="ConsecutiveFailures">Failed attempts since its last good answer.</param>
/// <param name="TlsProblem">Why the router cannot make TLS connections to it, when it cannot.</param>
internal sealed record DestinationOverview(
    string Name,
    string Address,
    string Binding,
    bool Backup,
    string State,
    DateTimeOffset? EjectedUntil,
    int InFlight,
    long Requests,
    long Failures,
    int ConsecutiveFailures,
    [property: System.Text.Json.Serialization.JsonIgnore(Condition = System.Text.Json.Serialization.JsonIgnoreCondition.WhenWritingNull)]
    string? TlsProblem);
