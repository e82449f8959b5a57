namespace SoapRouter.Telemetry;

/// <summary>
/// The router process's memory, so operators (and the benchmark scripts) can see what a message costs: the change in
/// <see cref="AllocatedBytes"/> over the change in messages is the bytes allocated per message, everything included.
/// </summary>
/// <param name="AllocatedBytes">Bytes allocated on the managed heap since the process started (all threads).</param>
/// <param name="HeapBytes">Bytes on the managed heap after the last collection.</param>
/// <param name="WorkingSetBytes">The process's working set.</param>
/// <param name="Gen0Collections">Generation 0 collections so far.</param>
/// <param name="Gen1Collections">Generation 1 collections so far.</param>
/// <param name="Gen2Collections">Generation 2 collections so far.</param>
/// <param name="CpuMilliseconds">CPU time the process has used since it started (all threads, user and kernel): its
/// change over the change in messages is the router's CPU per message.</param>
internal sealed record ProcessSnapshot(
    long AllocatedBytes,
    long HeapBytes,
    long WorkingSetBytes,
    int Gen0Collections,
    int Gen1Collections,
    int Gen2Collections,
    double CpuMilliseconds)
{
    /// <summary>The figures now.</summary>
    public static ProcessSnapshot Now() => new(
        GC.GetTotalAllocatedBytes(precise: true),
        GC.GetTotalMemory(forceFullCollection: false),
        Environment.WorkingSet,
        GC.CollectionCount(0),
        GC.CollectionCount(1),
        GC.CollectionCount(2),
        Math.Round(Environment.CpuUsage.TotalTime.TotalMilliseconds, 3));
}
