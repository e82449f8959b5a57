using LoadClient.Latency;

namespace LoadClient.Driving;

/// <summary>The merged result of the measured phase.</summary>
/// <param name="Stats">Counts and latencies of every worker together.</param>
/// <param name="WallTime">From the first measured request to the end of the last reply.</param>
/// <param name="CpuTime">Processor time of this process (all threads, user and kernel) over the same span.</param>
/// <param name="Stopped">The run was stopped early (Ctrl+C).</param>
/// <param name="AbortReason">Set when the run did not start because the first warm-up reply showed it could not work.</param>
/// <param name="BySize">Latency by request size, for runs over a size distribution.</param>
internal sealed record LoadMeasurement(
    WorkerStats Stats, TimeSpan WallTime, TimeSpan CpuTime, bool Stopped, string? AbortReason = null, LatencyBySize? BySize = null)
{
    /// <summary>TLS targets: handshakes during the measured phase; null for a plain target.</summary>
    public long? TlsHandshakes { get; init; }

    /// <summary>TLS targets: every handshake of the run, the pre-flight check's and the warm-up's included; null for a plain target.</summary>
    public long? TlsHandshakesTotal { get; init; }

    /// <summary>A run that stopped before its measured phase, for <paramref name="reason"/>.</summary>
    public static LoadMeasurement Aborted(string reason) => new(new WorkerStats(), TimeSpan.Zero, TimeSpan.Zero, Stopped: false, reason);
}
