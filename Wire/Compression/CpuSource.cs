namespace SoapRouter.Wire.Compression;

/// <summary>Whose CPU load backs compression off (router.json <c>compression.cpuSource</c>).</summary>
public enum CpuSource
{
    /// <summary>
    /// The machine's: every core's busy time (Linux /proc/stat), as the seed's DynamicEncoder did, so compression does
    /// not steal from whatever else runs on a shared host. Inside a container /proc/stat shows the host's cores, not
    /// the container's share; where it cannot be read, the process's.
    /// </summary>
    Machine,

    /// <summary>
    /// This process's CPU over the cores .NET sees (a container's CPU limit included): the default, for the router as a
    /// container; where the router has the machine to itself it is the machine's load too.
    /// </summary>
    Process,
}
