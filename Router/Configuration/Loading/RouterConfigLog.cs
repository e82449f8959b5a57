using Microsoft.Extensions.Logging;

namespace SoapRouter.Configuration;

/// <summary>Source-generated log messages of the configuration provider.</summary>
internal static partial class RouterConfigLog
{
    [LoggerMessage(1, LogLevel.Information, "Loaded {Path} as version {Version}: {ListenerCount} listeners, {RouteCount} routes, {ClusterCount} clusters")]
    public static partial void Loaded(ILogger logger, string path, long version, int listenerCount, int routeCount, int clusterCount);

    [LoggerMessage(2, LogLevel.Warning, "{Path} version {Version} has {WarningCount} warnings:{Warnings}")]
    public static partial void LoadedWithWarnings(ILogger logger, string path, long version, int warningCount, string warnings);

    [LoggerMessage(3, LogLevel.Warning, "Reload of {Path} rejected with {ErrorCount} errors; keeping version {Version}:{Errors}")]
    public static partial void ReloadRejected(ILogger logger, string path, int errorCount, long version, string errors);

    [LoggerMessage(4, LogLevel.Warning, "Could not read {Path} (attempt {Attempt}); keeping version {Version} and retrying")]
    public static partial void ReadFailed(ILogger logger, Exception exception, string path, int attempt, long version);

    [LoggerMessage(5, LogLevel.Warning, "Could not read {Path} after {Attempt} attempts; keeping version {Version} until the file changes again")]
    public static partial void ReadGaveUp(ILogger logger, Exception exception, string path, int attempt, long version);

    [LoggerMessage(6, LogLevel.Debug, "{Path} changed on disk but its content is the running version {Version}; nothing to do")]
    public static partial void Unchanged(ILogger logger, string path, long version);

    [LoggerMessage(7, LogLevel.Warning, "The watcher of {Path} reported an error; reloading in case changes were missed")]
    public static partial void WatcherFailed(ILogger logger, Exception exception, string path);

    [LoggerMessage(8, LogLevel.Error, "Reloading {Path} failed unexpectedly; keeping the running config")]
    public static partial void ReloadCrashed(ILogger logger, Exception exception, string path);

    [LoggerMessage(9, LogLevel.Error, "A handler of the config change to version {Version} threw")]
    public static partial void ChangeHandlerFailed(ILogger logger, Exception exception, long version);

    [LoggerMessage(10, LogLevel.Warning, "Cannot watch {Path}; changes to it will not be reloaded until the router restarts")]
    public static partial void WatchUnavailable(ILogger logger, Exception exception, string path);

    [LoggerMessage(11, LogLevel.Warning, "Cannot watch {Path}; changes to it will be found only by the poll every {PollInterval}")]
    public static partial void WatchUnavailablePolling(ILogger logger, Exception exception, string path, TimeSpan pollInterval);

    /// <summary>Formats a list for a log message: one item per indented line, so every error is readable on its own.</summary>
    public static string Lines(IReadOnlyList<string> items) =>
        Environment.NewLine + "  " + string.Join(Environment.NewLine + "  ", items);
}
