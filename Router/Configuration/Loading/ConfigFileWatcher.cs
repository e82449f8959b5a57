using Microsoft.Extensions.Logging;

namespace SoapRouter.Configuration;

/// <summary>
/// Watches the folder of one file and calls back once a burst of change events has gone quiet. Editors save in several
/// events (truncate, write, rename a temp file over the original), and reading in the middle sees half a file.
/// </summary>
/// <remarks>
/// Only events naming the file or a link its path goes through count (see <see cref="ConfigWatchNames"/>): a
/// Kubernetes ConfigMap update renames the <c>..data</c> link that <c>router.json</c> points through, and an editor
/// renames a temporary file over the config. Anything else in the folder, such as a log file written there, is
/// ignored: reacting to it once cost a read and a debug line, and a debug log written to that folder fed a loop.
/// A change no event reports (some bind mounts) is the provider's poll's to find.
/// </remarks>
internal sealed class ConfigFileWatcher : IDisposable
{
    private readonly string _path;
    private readonly TimeSpan _quietPeriod;
    private readonly Action _onSettled;
    private readonly ILogger _logger;
    private readonly ITimer _timer;
    private readonly FileSystemWatcher _watcher;
    private volatile ConfigWatchNames _names;
    private volatile bool _disposed;
    private int _eventsHandled;

    /// <summary>Starts watching <paramref name="path"/>; <paramref name="onSettled"/> runs on a timer thread.</summary>
    public ConfigFileWatcher(string path, TimeSpan quietPeriod, TimeProvider timeProvider, Action onSettled, ILogger logger)
    {
        _path = path;
        _quietPeriod = quietPeriod;
        _onSettled = onSettled;
        _logger = logger;
        _names = ConfigWatchNames.Resolve(path);
        _timer = timeProvider.CreateTimer(static state => ((ConfigFileWatcher)state!).OnTimer(), this, Timeout.InfiniteTimeSpan, Timeout.InfiniteTimeSpan);

        FileSystemWatcher? watcher = null;
        try
        {
            // Watch the directory, not the file: a rename over the file replaces the inode a file watch would hold.
            watcher = new FileSystemWatcher(Path.GetDirectoryName(path)!)
            {
                NotifyFilter = NotifyFilters.FileName | NotifyFilters.DirectoryName | NotifyFilters.LastWrite | NotifyFilters.Size | NotifyFilters.CreationTime,
                IncludeSubdirectories = false,
            };
            watcher.Changed += OnChanged;
            watcher.Created += OnChanged;
            watcher.Deleted += OnChanged;
            watcher.Renamed += OnChanged;
            watcher.Error += OnError;
            watcher.EnableRaisingEvents = true;
        }
        catch
        {
            // The provider runs on without a watcher (e.g. out of inotify instances), so nothing made here may outlive the failure.
            watcher?.Dispose();
            _timer.Dispose();
            throw;
        }

        _watcher = watcher;
    }

    /// <summary>Events handled so far, relevant or not; lets a test know the watcher has seen what it just wrote.</summary>
    internal int EventsHandled => Volatile.Read(ref _eventsHandled);

    /// <summary>Runs the callback after <paramref name="delay"/>, replacing any pending run.</summary>
    public void Schedule(TimeSpan delay)
    {
        if (_disposed)
        {
            return;
        }

        try
        {
            _timer.Change(delay, Timeout.InfiniteTimeSpan);
        }
        catch (ObjectDisposedException)
        {
            // Disposed between the check and the call; nothing left to schedule.
        }
    }

    /// <inheritdoc />
    public void Dispose()
    {
        _disposed = true;
        _watcher.EnableRaisingEvents = false;
        _watcher.Dispose();
        _timer.Dispose();
    }

    /// <summary>Handles one file system event: schedules a callback when it concerns the file, ignores it otherwise.</summary>
    internal void OnFileEvent(FileSystemEventArgs e)
    {
        try
        {
            if (_names.IsRelevant(e))
            {
                // A swap may have re-pointed a link: the next event must be judged against the new chain.
                _names = ConfigWatchNames.Resolve(_path);
                Schedule(_quietPeriod);
            }
        }
        finally
        {
            // Counted once handled, so a test that sees the count move knows the schedule (or its absence) is done.
            Interlocked.Increment(ref _eventsHandled);
        }
    }

    private void OnChanged(object? sender, FileSystemEventArgs e) => OnFileEvent(e);

    private void OnError(object? sender, ErrorEventArgs e)
    {
        // Usually an event buffer overflow: the change we care about may be among the lost ones.
        RouterConfigLog.WatcherFailed(_logger, e.GetException(), _path);
        Schedule(_quietPeriod);
    }

    private void OnTimer()
    {
        if (_disposed)
        {
            return;
        }

        try
        {
            _onSettled();
        }
#pragma warning disable CA1031 // An exception escaping a timer callback ends the process; the running config must survive.
        catch (Exception ex)
#pragma warning restore CA1031
        {
            RouterConfigLog.ReloadCrashed(_logger, ex, _path);
        }
    }
}
