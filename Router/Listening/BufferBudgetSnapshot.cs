namespace SoapRouter.Listening;

/// <summary>The request-body budget at one moment (GET /stats <c>buffers</c>).</summary>
/// <param name="LimitBytes">limits.maxBufferedBytes in force (or its default, from the memory the process may use).</param>
/// <param name="InUseBytes">Bytes reserved by messages in flight.</param>
/// <param name="Refused">Messages answered 503 because their bytes did not fit in time.</param>
/// <param name="ContainerMemoryBytes">The container's memory limit, or null outside a container.</param>
/// <param name="RefusedForMemory">Of <paramref name="Refused"/>, those turned away while memory was over its high watermark.</param>
/// <param name="Memory">The memory-pressure gate (limits.memoryHighWatermark), or null when it is off.</param>
internal sealed record BufferBudgetSnapshot(
    long LimitBytes, long InUseBytes, long Refused, long? ContainerMemoryBytes, long RefusedForMemory = 0, MemoryPressureSnapshot? Memory = null);

/// <summary>The memory-pressure gate at one moment.</summary>
/// <param name="Load">The larger of resident over the container's limit and managed over the GC's limit, 0..1.</param>
/// <param name="High">Whether new messages are held back now.</param>
/// <param name="HighWatermark">limits.memoryHighWatermark.</param>
/// <param name="LowWatermark">limits.memoryLowWatermark.</param>
/// <param name="TimesHigh">Times the load went over the high watermark.</param>
/// <param name="ResidentBytes">The container's memory in use (in a container).</param>
/// <param name="ManagedBytes">The managed heap after the last collection.</param>
/// <param name="ManagedLimitBytes">What the GC may use.</param>
/// <param name="AcceptPauses">Times a listener's accept loop stopped accepting while the load was high or the connections filled the capacity.</param>
/// <param name="ConnectionCapacity">The listener connections the container's memory holds at once (in a container).</param>
internal sealed record MemoryPressureSnapshot(
    double Load, bool High, double HighWatermark, double LowWatermark, long TimesHigh, long? ResidentBytes, long ManagedBytes, long ManagedLimitBytes,
    long AcceptPauses = 0, long? ConnectionCapacity = null)
{
    /// <summary>The figures of <paramref name="pressure"/> now.</summary>
    public static MemoryPressureSnapshot Of(MemoryPressure pressure)
    {
        ArgumentNullException.ThrowIfNull(pressure);
        var last = pressure.Last;
        return new(Math.Round(last.Load, 3), pressure.IsHigh, pressure.High, pressure.Low, pressure.HighCount, last.ResidentBytes, last.ManagedBytes, last.ManagedLimitBytes, pressure.AcceptPauses,
            pressure.ConnectionCapacity);
    }
}
