namespace SoapRouter.Telemetry;

/// <summary>The transcoders' counts at one moment (<see cref="TranscodingCounters"/>), attempts rather than messages.</summary>
/// <param name="Requests">Text requests sent to an msbin1 destination as transcoded bytes.</param>
/// <param name="Replies">msbin1 replies answered to a text client as transcoded bytes.</param>
/// <param name="RequestsToWcf">Requests that could take that path but went through WCF's re-encoder (logged as event 1240).</param>
/// <param name="RepliesToWcf">Replies that could take that path but went through WCF's re-encoder (logged as event 1241).</param>
internal sealed record TranscodingSnapshot(long Requests, long Replies, long RequestsToWcf, long RepliesToWcf);
