namespace SoapRouter.Admin;

/// <summary>Cumulative latency counts per bucket, by route and by destination (the <c>latency</c> part of GET /overview).</summary>
/// <param name="BoundsMs">Each bucket's upper bound in milliseconds.</param>
/// <param name="Routes">Per route: messages from arrival to answer, per bucket.</param>
/// <param name="Destinations">Per destination: forwarding attempts, per bucket.</param>
internal sealed record LatencySnapshot(
    IReadOnlyList<double> BoundsMs,
    IReadOnlyDictionary<string, long[]> Routes,
    IReadOnlyDictionary<string, long[]> Destinations);
