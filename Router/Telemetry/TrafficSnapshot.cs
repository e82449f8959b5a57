namespace SoapRouter.Telemetry;

/// <summary>The values of one <see cref="TrafficCounters"/> at one moment.</summary>
/// <param name="Messages">Messages counted.</param>
/// <param name="Failures">Messages that failed.</param>
/// <param name="BytesIn">Bytes received.</param>
/// <param name="BytesOut">Bytes sent.</param>
internal sealed record TrafficSnapshot(long Messages, long Failures, long BytesIn, long BytesOut);
