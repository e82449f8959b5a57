namespace SoapRouter.Hosting;

/// <summary>The process's open files: the limit (RLIMIT_NOFILE), read and raised, and how many are open.</summary>
internal interface IOpenFileLimits
{
    /// <summary>Reads the soft and hard limits; false where they cannot be read.</summary>
    bool TryGet(out ulong soft, out ulong hard);

    /// <summary>Sets the soft limit to <paramref name="soft"/>, keeping <paramref name="hard"/>; false when refused.</summary>
    bool TrySetSoft(ulong soft, ulong hard);

    /// <summary>Counts the process's open file descriptors; false where they cannot be counted (or none is free to look).</summary>
    bool TryCountOpen(out int open);
}
