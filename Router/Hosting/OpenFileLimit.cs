using SoapRouter.Configuration;

namespace SoapRouter.Hosting;

/// <summary>
/// The open-file check at start: every connection is a file descriptor, so the limits are only real if the process may
/// open that many. The soft limit is raised to the hard one when lower; a limit still short of what the config needs
/// is logged, never fatal (the listeners refuse what they cannot hold and their accept loops retry).
/// </summary>
internal static class OpenFileLimit
{
    /// <summary>Descriptors beyond client connections: the process's own files, the admin endpoint, log and config files.</summary>
    public const int Headroom = 256;

    // The kernel refuses a soft limit above fs.nr_open, whose default is this; an "unlimited" hard limit is raised only that far.
    private const ulong NrOpenDefault = 1024 * 1024;

    /// <summary>
    /// What the limits need: limits.maxConnections per HTTP listener endpoint, limits.netTcp.maxConnections when there
    /// are netTcp listeners, one backend connection per concurrent request, limits.fileDescriptorReserve (never handed
    /// to clients) and <see cref="Headroom"/>.
    /// </summary>
    public static long Needed(LimitsConfig limits, int httpEndpoints, bool hasNetTcp)
    {
        ArgumentNullException.ThrowIfNull(limits);
        return ((long)httpEndpoints * limits.MaxConnections)
            + (hasNetTcp ? limits.NetTcp.MaxConnections : 0)
            + limits.MaxConcurrentRequests
            + limits.FileDescriptorReserve
            + Headroom;
    }

    /// <summary>Raises the soft limit to the hard one if lower and logs the outcome; returns the limit in force (null: unknown).</summary>
    public static ulong? Check(IOpenFileLimits limits, long needed, ILogger logger)
    {
        ArgumentNullException.ThrowIfNull(limits);
        ArgumentNullException.ThrowIfNull(logger);
        if (!limits.TryGet(out var soft, out var hard))
        {
            return null;
        }

        var target = hard == ulong.MaxValue ? Math.Max(soft, NrOpenDefault) : hard;
        if (soft < target)
        {
            if (limits.TrySetSoft(target, hard))
            {
                HostingLog.OpenFileLimitRaised(logger, soft, target);
                soft = target;
            }
            else
            {
                HostingLog.OpenFileLimitNotRaised(logger, soft, target);
            }
        }

        if (soft < (ulong)needed)
        {
            HostingLog.OpenFileLimitLow(logger, soft, needed);
        }

        return soft;
    }
}
