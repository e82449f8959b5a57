namespace SoapRouter.Admin;

/// <summary>
/// The body of GET /overview: what the config in use names (listeners, routes, clusters and their destinations), what
/// /stats has no place for (each destination's in-flight count, the certificates) and latency per route and destination.
/// The operator's page reads it beside /stats and /health.
/// </summary>
/// <param name="ConfigVersion">Version of the config snapshot in use.</param>
/// <param name="Listeners">Every listener of the config.</param>
/// <param name="ListenerTraffic">Messages and bytes per listener (/stats counts connections per listener endpoint only).</param>
/// <param name="Routes">Every route, in priority order.</param>
/// <param name="Clusters">Every cluster with its destinations.</param>
/// <param name="Certificates">Every certificate the router serves or presents.</param>
/// <param name="Latency">Latency counts per route and per destination.</param>
internal sealed record OverviewReport(
    long ConfigVersion,
    IReadOnlyList<ListenerOverview> Listeners,
    IReadOnlyDictionary<string, Telemetry.TrafficSnapshot> ListenerTraffic,
    IReadOnlyList<RouteOverview> Routes,
    IReadOnlyList<ClusterOverview> Clusters,
    IReadOnlyList<CertificateOverview> Certificates,
    LatencySnapshot Latency);
