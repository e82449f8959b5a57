namespace SoapRouter.Telemetry;

/// <summary>Traffic by <see cref="ForwardingPath"/> at one moment.</summary>
/// <param name="Verbatim">Messages whose bytes were forwarded as received.</param>
/// <param name="Reencoded">Messages that were decoded and written again.</param>
/// <param name="Transcoding">Of the re-encode path's attempts, those whose request or reply the router's transcoders carried without WCF.</param>
internal sealed record PathsSnapshot(TrafficSnapshot Verbatim, TrafficSnapshot Reencoded, TranscodingSnapshot Transcoding);
