namespace SoapRouter.Health;

/// <summary>One destination's health as /health and /stats show it.</summary>
/// <param name="State">"healthy", "ejected" (passive: its attempts failed) or "unhealthy" (active probes fail).</param>
/// <param name="Ejections">Times it has been ejected since start.</param>
/// <param name="EjectedUntil">When the current ejection ends; null when not ejected.</param>
/// <param name="ConsecutiveFailures">Failed attempts since its last good answer.</param>
internal sealed record DestinationHealthSnapshot(string State, long Ejections, DateTimeOffset? EjectedUntil, int ConsecutiveFailures);
