namespace SoapRouter.Wire.Compression;

/// <summary>Whose CPU load backs compression off (router.json <c>compression.cpuSource</c>).</summary>
public enum CpuSource
{
    /// <summary>
    /// The machine's: every core's busy time (Linux /proc/stat), as the seed's DynamicEncoder did. Compression steals
    /// from whatever else runs on the box; where /proc/stat cannot be read, the process's.
    /// </summary>
    Machine,

    /// <summary>
    /// This process's CPU over the cores .NET sees: for a container with a CPU limit, where /proc/stat shows the host's
    /// cores and not the container's share.
    /// </summary>
    Process,
}
