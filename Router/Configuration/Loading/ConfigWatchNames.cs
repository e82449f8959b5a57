using SoapRouter.Wire.Errors;

namespace SoapRouter.Configuration;

/// <summary>
/// The entries of the config file's folder whose changes can change what the config path reads: the file's own name
/// and, when the path goes through symbolic links that stay in the folder, each link on the way. For a Kubernetes
/// ConfigMap mount (router.json -> ..data/router.json, ..data -> ..2026_01_01_...) that is router.json, ..data and
/// the current timestamped folder, so the rename of ..data_tmp over ..data is seen while a log file written
/// beside the config is not. Immutable; resolved again after every relevant event, since a swap changes the chain.
/// </summary>
internal sealed class ConfigWatchNames
{
    // Far more than any real mount uses; it only bounds a link cycle.
    private const int MaxLinks = 16;

    private static readonly StringComparer NameComparer = OperatingSystem.IsLinux() ? StringComparer.Ordinal : StringComparer.OrdinalIgnoreCase;

    private readonly HashSet<string> _names;

    private ConfigWatchNames(HashSet<string> names) => _names = names;

    /// <summary>The names, for logs and tests.</summary>
    public IReadOnlyCollection<string> Names => _names;

    /// <summary>Follows <paramref name="path"/>'s links as far as they stay in its folder. Never throws: an unreadable link ends the chain.</summary>
    public static ConfigWatchNames Resolve(string path)
    {
        var fullPath = Path.GetFullPath(path);
        var folder = Path.GetDirectoryName(fullPath)!;
        var names = new HashSet<string>(NameComparer) { Path.GetFileName(fullPath) };
        var current = fullPath;
        for (var links = 0; links < MaxLinks; links++)
        {
            var (entry, rest) = SplitInFolder(folder, current);
            if (entry is null)
            {
                break;
            }

            names.Add(entry);
            var target = LinkTarget(Path.Combine(folder, entry));
            if (target is null)
            {
                break;
            }

            current = rest.Length == 0 ? target : Path.Combine(target, rest);
        }

        return new ConfigWatchNames(names);
    }

    /// <summary>True when the event names (or, for a rename, used to name) one of the entries.</summary>
    public bool IsRelevant(FileSystemEventArgs e)
    {
        ArgumentNullException.ThrowIfNull(e);

        // A nameless event says nothing about which entry changed: treat it as possibly ours.
        if (e.Name is null || _names.Contains(e.Name))
        {
            return true;
        }

        return e is RenamedEventArgs renamed && renamed.OldName is { } oldName && _names.Contains(oldName);
    }

    // The folder entry a path goes through first, and the rest of the path below it; no entry when it leaves the folder.
    private static (string? Entry, string Below) SplitInFolder(string folder, string path)
    {
        var relative = Path.GetRelativePath(folder, path);
        if (Path.IsPathRooted(relative) || relative == "." || relative == ".." || relative.StartsWith(".." + Path.DirectorySeparatorChar, StringComparison.Ordinal))
        {
            return (null, "");
        }

        var separator = relative.IndexOf(Path.DirectorySeparatorChar, StringComparison.Ordinal);
        return separator < 0 ? (relative, "") : (relative[..separator], relative[(separator + 1)..]);
    }

    // The full path a link points to (one hop), or null when the entry is no link or cannot be read.
    private static string? LinkTarget(string entry)
    {
        try
        {
            var target = new FileInfo(entry).LinkTarget;
            return target is null ? null : Path.GetFullPath(target, Path.GetDirectoryName(entry)!);
        }
        catch (Exception ex) when (ErrorClassifier.IsFileAccessFailure(ex))
        {
            return null;
        }
    }
}
