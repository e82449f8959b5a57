namespace SoapRouter.Admin;

/// <summary>One cluster and its destinations.</summary>
/// <param name="Name">Its name.</param>
/// <param name="LoadBalancing">Its load-balancing policy.</param>
/// <param name="ProbeIntervalSeconds">How often its destinations are probed; null when they are not (passive health only).</param>
/// <param name="Destinations">Its primaries, then its backups.</param>
internal sealed record ClusterOverview(string Name, string LoadBalancing, double? ProbeIntervalSeconds, IReadOnlyList<DestinationOverview> Destinations);
