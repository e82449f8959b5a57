namespace SoapRouter.Admin;

/// <summary>The body of GET /health.</summary>
/// <param name="Status">"ok", "degraded", "unhealthy" or "draining" (the last two with HTTP 503).</param>
/// <param name="ConfigVersion">Version of the config snapshot in use.</param>
/// <param name="UptimeSeconds">Seconds since the admin server was created (at router start).</param>
/// <param name="Destinations">Health by destination name.</param>
/// <param name="Reasons">Why the router is not "ok", one sentence each, where a part says why (an expired certificate, the listeners' descriptor reserve); left out when none.</param>
internal sealed record HealthReport(
    string Status,
    long ConfigVersion,
    double UptimeSeconds,
    IReadOnlyDictionary<string, Health.DestinationHealthSnapshot>? Destinations = null,
    [property: System.Text.Json.Serialization.JsonIgnore(Condition = System.Text.Json.Serialization.JsonIgnoreCondition.WhenWritingNull)]
    IReadOnlyList<string>? Reasons = null);
