namespace SoapRouter.Hosting;

/// <summary>The process's open-file limit (RLIMIT_NOFILE): read it, and raise the soft limit.</summary>
internal interface IOpenFileLimits
{
    /// <summary>Reads the soft and hard limits; false where they cannot be read.</summary>
    bool TryGet(out ulong soft, out ulong hard);

    /// <summary>Sets the soft limit to <paramref name="soft"/>, keeping <paramref name="hard"/>; false when refused.</summary>
    bool TrySetSoft(ulong soft, ulong hard);
}
