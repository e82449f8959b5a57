using System.Runtime.InteropServices;

namespace SoapRouter.Hosting;

/// <summary>
/// The C library's heap, where OpenSSL keeps each TLS connection's state (~50 KB). glibc gives freed memory back to the
/// system only from the top of a heap; what 1,000 closed connections freed in the middle stays resident (20 MB of a
/// 256 MB container after a soak's clients left) until <c>malloc_trim</c> returns its free pages.
/// </summary>
internal static class NativeHeap
{
    private static int _unavailable;

    /// <summary>
    /// Gives the C heap's free pages back to the system (glibc's <c>malloc_trim(0)</c>); a no-op where there is none
    /// (not Linux, or a C library without it, such as musl). Takes a few milliseconds on a fragmented heap.
    /// </summary>
    public static void Trim()
    {
        if (!OperatingSystem.IsLinux() || Volatile.Read(ref _unavailable) != 0)
        {
            return;
        }

        try
        {
            _ = malloc_trim(0);
        }
        catch (Exception ex) when (ex is EntryPointNotFoundException or DllNotFoundException)
        {
            Volatile.Write(ref _unavailable, 1);
        }
    }

    [DllImport("libc")]
    [DefaultDllImportSearchPaths(DllImportSearchPath.SafeDirectories)]
    private static extern int malloc_trim(nuint pad);
}
