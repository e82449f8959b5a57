namespace SoapRouter.Telemetry;

/// <summary>Traffic by <see cref="ForwardingPath"/> at one moment.</summary>
/// <param name="Verbatim">Messages whose bytes were forwarded as received.</param>
/// <param name="Reencoded">Messages that were decoded and written again.</param>
internal sealed record PathsSnapshot(TrafficSnapshot Verbatim, TrafficSnapshot Reencoded);
