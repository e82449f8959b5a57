using System.IO.Enumeration;
using System.Runtime.InteropServices;

namespace SoapRouter.Hosting;

/// <summary>
/// RLIMIT_NOFILE through libc's getrlimit and setrlimit, and the open descriptors as the entries of /proc/self/fd
/// (Linux only; elsewhere nothing is read).
/// </summary>
internal sealed class LinuxOpenFileLimits : IOpenFileLimits
{
    // RLIMIT_NOFILE on every Linux architecture .NET runs on (x64, arm64, arm).
    private const int RlimitNoFile = 7;

    private const string DescriptorFolder = "/proc/self/fd";

    // Every entry counts: the names are numbers, none hidden, and no attribute is read (no stat per entry).
    private static readonly EnumerationOptions Everything = new() { AttributesToSkip = 0, IgnoreInaccessible = false };

    /// <inheritdoc />
    public bool TryGet(out ulong soft, out ulong hard)
    {
        soft = hard = 0;
        if (!OperatingSystem.IsLinux() || getrlimit(RlimitNoFile, out var limit) != 0)
        {
            return false;
        }

        soft = limit.Current;
        hard = limit.Maximum;
        return true;
    }

    /// <inheritdoc />
    public bool TrySetSoft(ulong soft, ulong hard)
    {
        var limit = new RLimit { Current = soft, Maximum = hard };
        return OperatingSystem.IsLinux() && setrlimit(RlimitNoFile, ref limit) == 0;
    }

    /// <inheritdoc />
    /// <remarks>One directory read; no string is made per entry. The listing's own descriptor is not counted.</remarks>
    public bool TryCountOpen(out int open)
    {
        open = 0;
        if (!OperatingSystem.IsLinux())
        {
            return false;
        }

        try
        {
            var entries = new FileSystemEnumerable<byte>(DescriptorFolder, static (ref FileSystemEntry _) => 0, Everything);
            var count = 0;
            foreach (var _ in entries)
            {
                count++;
            }

            open = Math.Max(0, count - 1);
            return true;
        }
        catch (IOException)
        {
            // Out of descriptors to open the folder with (EMFILE): the caller keeps what it knew.
            return false;
        }
        catch (UnauthorizedAccessException)
        {
            return false;
        }
    }

    [DllImport("libc", SetLastError = true)]
    [DefaultDllImportSearchPaths(DllImportSearchPath.SafeDirectories)]
    private static extern int getrlimit(int resource, out RLimit limit);

    [DllImport("libc", SetLastError = true)]
    [DefaultDllImportSearchPaths(DllImportSearchPath.SafeDirectories)]
    private static extern int setrlimit(int resource, ref RLimit limit);

    /// <summary>struct rlimit: two rlim_t, 64-bit on the 64-bit targets.</summary>
    [StructLayout(LayoutKind.Sequential)]
    private struct RLimit
    {
        public ulong Current;
        public ulong Maximum;
    }
}
