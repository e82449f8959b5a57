using System.Globalization;
using SoapRouter.Wire.Errors;

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
            catch (Exception ex) when (ErrorClassifier.IsFileAccessFailure(ex))
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

    /// <summary>
    /// The container's memory in use as its OOM killer counts it: the cgroup's usage (v2 <c>memory.current</c>, v1
    /// <c>memory.usage_in_bytes</c>) less the file pages it can drop at no cost (<c>inactive_file</c> in
    /// <c>memory.stat</c>), as <c>docker stats</c> shows it. Unlike the resident set it leaves out the executable's
    /// mapped pages and counts the page cache that cannot be dropped. Null when it cannot be read.
    /// </summary>
    public static long? ContainerUsage() => ContainerUsage(path => File.Exists(path) ? File.ReadAllText(path) : null);

    /// <summary>As <see cref="ContainerUsage()"/>, reading the cgroup files through <paramref name="read"/> (tests).</summary>
    internal static long? ContainerUsage(Func<string, string?> read)
    {
        ArgumentNullException.ThrowIfNull(read);
        foreach (var (usagePath, statPath, inactiveKey) in UsageFiles)
        {
            try
            {
                if (read(usagePath)?.Trim() is not { } text
                    || !long.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out var usage))
                {
                    continue;
                }

                return Math.Max(0, usage - StatValue(read(statPath), inactiveKey));
            }
            catch (Exception ex) when (ErrorClassifier.IsFileAccessFailure(ex))
            {
                continue;
            }
        }

        return null;
    }

    private static readonly (string Usage, string Stat, string InactiveFile)[] UsageFiles =
    [
        ("/sys/fs/cgroup/memory.current", "/sys/fs/cgroup/memory.stat", "inactive_file"),
        ("/sys/fs/cgroup/memory/memory.usage_in_bytes", "/sys/fs/cgroup/memory/memory.stat", "total_inactive_file"),
    ];

    private static long StatValue(string? stat, string key)
    {
        foreach (var line in (stat ?? "").AsSpan().EnumerateLines())
        {
            if (line.StartsWith(key, StringComparison.Ordinal) && line.Length > key.Length && line[key.Length] == ' '
                && long.TryParse(line[(key.Length + 1)..].Trim(), NumberStyles.None, CultureInfo.InvariantCulture, out var value))
            {
                return value;
            }
        }

        return 0;
    }

    /// <summary>The memory this process may use: what the GC sees (the container's limit, or the machine's memory).</summary>
    public static long Available() => GC.GetGCMemoryInfo().TotalAvailableMemoryBytes;
}
