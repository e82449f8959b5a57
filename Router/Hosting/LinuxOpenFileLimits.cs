using System.Runtime.InteropServices;

namespace SoapRouter.Hosting;

/// <summary>RLIMIT_NOFILE through libc's getrlimit and setrlimit (Linux only; elsewhere nothing is read).</summary>
internal sealed class LinuxOpenFileLimits : IOpenFileLimits
{
    // RLIMIT_NOFILE on every Linux architecture .NET runs on (x64, arm64, arm).
    private const int RlimitNoFile = 7;

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
