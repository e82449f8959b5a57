using System.Globalization;

namespace SoapRouter.Hosting;

/// <summary>
/// How much memory the router may use: a container's cgroup memory limit (v2 <c>memory.max</c>, v1
/// <c>memory.limit_in_bytes</c>) when one is set, which is also what the GC sizes its heap hard limit from; otherwise
/// the machine's. Read at start and by the config checker.
/// </summary>
internal static class MemoryLimit
{
    private const string CgroupV2 = "/sys/fs/cgroup/memory.max";
    private const string CgroupV1 = "/sys/fs/cgroup/memory/memory.limit_in_bytes";

    // cgroup v1 writes "no limit" as the largest page-aligned long; anything above a petabyte is no limit.
    private const long NoLimitAbove = 1L << 50;

    /// <summary>The container's memory limit in bytes, or null when none is set (or this is not Linux).</summary>
    public static long? Container() => Container(path => File.Exists(path) ? File.ReadAllText(path) : null);

    /// <summary>As <see cref="Container()"/>, reading the cgroup files through <paramref name="read"/> (tests).</summary>
    internal static long? Container(Func<string, string?> read)
    {
        ArgumentNullException.ThrowIfNull(read);
        foreach (var path in new[] { CgroupV2, CgroupV1 })
        {
            string? text;
            try
            {
                text = read(path)?.Trim();
            }
            catch (Exception ex) when (ex is IOException or UnauthorizedAccessException)
            {
                continue;
            }

            if (text is null || text == "max")
            {
                continue;
            }

            if (long.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out var bytes) && bytes > 0 && bytes < NoLimitAbove)
            {
                return bytes;
            }
        }

        return null;
    }

    /// <summary>The memory this process may use: what the GC sees (the container's limit, or the machine's memory).</summary>
    public static long Available() => GC.GetGCMemoryInfo().TotalAvailableMemoryBytes;
}
