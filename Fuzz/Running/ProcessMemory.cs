namespace SoapRouter.Fuzz.Running;

/// <summary>The router process as the run sees it from /proc: alive or not, and its resident set.</summary>
internal static class ProcessMemory
{
    /// <summary>The resident set of <paramref name="pid"/> in MiB (VmRSS), or null when the process is gone.</summary>
    public static double? RssMiB(int pid)
    {
        try
        {
            foreach (var line in File.ReadLines($"/proc/{pid}/status"))
            {
                if (line.StartsWith("VmRSS:", StringComparison.Ordinal))
                {
                    var kb = long.Parse(line.AsSpan(6).Trim().TrimEnd("kB").Trim(), System.Globalization.CultureInfo.InvariantCulture);
                    return kb / 1024.0;
                }
            }

            return null;
        }
        catch (Exception ex) when (ex is IOException or UnauthorizedAccessException)
        {
            return null;
        }
    }
}
