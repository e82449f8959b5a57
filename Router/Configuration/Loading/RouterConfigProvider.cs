using System.Security.Cryptography;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Primitives;
using SoapRouter.Wire.Errors;

namespace SoapRouter.Configuration;

/// <summary>
/// Owns the running router.json: loads and validates it at start (refusing to start on any error), then reloads it
/// when the file changes: on a watch event in its folder, and on a periodic poll for changes no event reports (network
/// file systems, some bind mounts, a watch that could not start). A valid reload swaps one immutable snapshot; an
/// invalid one is logged with every error and the last good snapshot stays. Readers take <see cref="Current"/> once
/// per message and keep it.
/// </summary>
public sealed class RouterConfigProvider : IDisposable
{
    /// <summary>How long the file must stay quiet before a reload, so an editor's burst of events reads once.</summary>
    public static readonly TimeSpan DefaultQuietPeriod = TimeSpan.FromMilliseconds(200);

    /// <summary>How often the file is read even without a watch event; reading a small file this often costs nothing.</summary>
    public static readonly TimeSpan DefaultPollInterval = TimeSpan.FromSeconds(10);

    // A locked or briefly missing file usually frees up within a second; past a few tries, wait for the next event or poll.
    private const int MaxReadAttempts = 4;
    private static readonly TimeSpan ReadRetryDelay = TimeSpan.FromSeconds(1);

    private readonly ILogger _logger;
    private readonly TimeProvider _timeProvider;
    private readonly Lock _reloadGate = new();
    private readonly OrderedNotifier<RouterConfigChangedEventArgs> _notifier;
    private readonly ConfigFileWatcher? _watcher;
    private readonly ITimer? _pollTimer;
    private readonly TimeSpan _pollInterval;
    private RouterConfigSnapshot _snapshot;
    private CancellationTokenSource _changeTokenSource = new();
    private byte[] _currentHash;
    private int _failedReads;
    private bool _gaveUpReading;
    private bool _disposed;

    /// <summary>Loads <paramref name="path"/> and starts watching and polling it.</summary>
    /// <param name="path">The config file.</param>
    /// <param name="logger">Receives loads, rejections and watch problems.</param>
    /// <param name="timeProvider">Clock of the quiet period and the poll; the system clock when null.</param>
    /// <param name="quietPeriod">How long watch events must stop before a reload; <see cref="DefaultQuietPeriod"/> when null.</param>
    /// <param name="pollInterval">How often the file is read regardless of events; <see cref="DefaultPollInterval"/> when null,
    /// <see cref="Timeout.InfiniteTimeSpan"/> for never.</param>
    /// <exception cref="RouterConfigException">The file cannot be read or has errors; the message lists them all.</exception>
    public RouterConfigProvider(
        string path,
        ILogger<RouterConfigProvider> logger,
        TimeProvider? timeProvider = null,
        TimeSpan? quietPeriod = null,
        TimeSpan? pollInterval = null)
        : this(path, logger, timeProvider, quietPeriod, pollInterval, watchFolder: true)
    {
    }

    /// <summary>As the public constructor; <paramref name="watchFolder"/> false leaves only the poll, as when the watch cannot start.</summary>
    internal RouterConfigProvider(
        string path,
        ILogger<RouterConfigProvider> logger,
        TimeProvider? timeProvider,
        TimeSpan? quietPeriod,
        TimeSpan? pollInterval,
        bool watchFolder)
    {
        ArgumentException.ThrowIfNullOrEmpty(path);
        ArgumentNullException.ThrowIfNull(logger);
        _pollInterval = pollInterval ?? DefaultPollInterval;
        if (_pollInterval <= TimeSpan.Zero && _pollInterval != Timeout.InfiniteTimeSpan)
        {
            throw new ArgumentOutOfRangeException(nameof(pollInterval), pollInterval, "The poll interval must be positive or infinite.");
        }

        FilePath = Path.GetFullPath(path);
        _logger = logger;
        _timeProvider = timeProvider ?? TimeProvider.System;
        _notifier = new OrderedNotifier<RouterConfigChangedEventArgs>(NotifyChanged);

        var content = ReadAtStart(FilePath);
        _currentHash = SHA256.HashData(content);
        var result = RouterConfigLoader.LoadRelativeTo(content, BaseDirectory);
        if (!result.Succeeded)
        {
            RouterConfigException.Throw(FilePath, result.Errors);
        }

        _snapshot = Install(result, version: 1);
        _watcher = watchFolder ? StartWatcher(quietPeriod ?? DefaultQuietPeriod) : null;

        if (_pollInterval != Timeout.InfiniteTimeSpan)
        {
            // One-shot and re-armed after each poll, so a slow reload never has a second poll queued behind it;
            // armed only once assigned, so the first poll can re-arm it.
            _pollTimer = _timeProvider.CreateTimer(static state => ((RouterConfigProvider)state!).OnPollTimer(), this, Timeout.InfiniteTimeSpan, Timeout.InfiniteTimeSpan);
            _pollTimer.Change(_pollInterval, Timeout.InfiniteTimeSpan);
        }
    }

    /// <summary>
    /// Raised after a reload installed a new snapshot. Handlers run one at a time, in version order, outside the reload
    /// lock (so they may call <see cref="Reload"/> or <see cref="Dispose"/>), on the thread of a reload: usually the one
    /// that installed the version, or one already delivering an earlier version when reloads overlap.
    /// </summary>
    public event EventHandler<RouterConfigChangedEventArgs>? Changed;

    /// <summary>The folder watcher, or null when it could not start or was not asked for.</summary>
    internal ConfigFileWatcher? Watcher => _watcher;

    /// <summary>Full path of the watched file.</summary>
    public string FilePath { get; }

    /// <summary>The file's folder: relative certificate paths in it are read from here.</summary>
    public string BaseDirectory => Path.GetDirectoryName(FilePath) ?? Environment.CurrentDirectory;

    /// <summary>The running snapshot: config, version and warnings, read together.</summary>
    public RouterConfigSnapshot Snapshot => Volatile.Read(ref _snapshot);

    /// <summary>The running config. Take it once per unit of work: a reload never changes an instance already handed out.</summary>
    public RouterConfig Current => Snapshot.Config;

    /// <summary>Version of the running config: 1 at start, one more per successful reload.</summary>
    public long Version => Snapshot.Version;

    /// <summary>A token that fires at the next successful reload (the ASP.NET Core change-token idiom).</summary>
    public IChangeToken GetReloadToken() => new CancellationChangeToken(Volatile.Read(ref _changeTokenSource).Token);

    /// <summary>
    /// Reads the file now and installs it when valid and different from the running content. Returns the outcome;
    /// an unreadable file is an error in it. Called by the watcher; also usable from an admin endpoint. The
    /// <see cref="Changed"/> handlers have run when it returns, unless another thread was delivering and runs them instead.
    /// </summary>
    public RouterConfigLoadResult Reload() => Reload(polled: false);

    /// <inheritdoc />
    public void Dispose()
    {
        lock (_reloadGate)
        {
            if (_disposed)
            {
                return;
            }

            _disposed = true;
        }

        _pollTimer?.Dispose();
        _watcher?.Dispose();
    }

    private RouterConfigLoadResult Reload(bool polled)
    {
        var result = ReloadLocked(polled);

        // After the lock: a handler that waits for another thread's Reload or Dispose would otherwise deadlock.
        _notifier.DeliverPending();
        return result;
    }

    private RouterConfigLoadResult ReloadLocked(bool polled)
    {
        lock (_reloadGate)
        {
            if (_disposed)
            {
                return RouterConfigLoadResult.Failure([$"{FilePath}: the provider is disposed"]);
            }

            byte[] content;
            try
            {
                content = File.ReadAllBytes(FilePath);
            }
            catch (Exception ex) when (ErrorClassifier.IsFileAccessFailure(ex))
            {
                // A poll meeting a failure already reported (and retried or given up on) would repeat it every interval.
                if (!polled || (_failedReads == 0 && !_gaveUpReading))
                {
                    OnReadFailed(ex);
                }

                return RouterConfigLoadResult.Failure([$"{FilePath}: cannot read the file: {ex.Message}"]);
            }

            _failedReads = 0;
            _gaveUpReading = false;
            return Apply(content, polled);
        }
    }

    private RouterConfigLoadResult Apply(byte[] content, bool polled)
    {
        var running = Volatile.Read(ref _snapshot);
        var hash = SHA256.HashData(content);
        if (hash.AsSpan().SequenceEqual(_currentHash))
        {
            // Touches and identical rewrites would otherwise bump the version and rebuild everything downstream; the
            // content is compared by its SHA-256, so the running file's bytes need not be kept. The poll finds the file
            // unchanged nearly every time, which is not worth a line even at debug level.
            if (!polled)
            {
                RouterConfigLog.Unchanged(_logger, FilePath, running.Version);
            }

            return new RouterConfigLoadResult { Config = running.Config, Warnings = running.Warnings };
        }

        var result = RouterConfigLoader.LoadRelativeTo(content, BaseDirectory);
        if (!result.Succeeded)
        {
            RouterConfigLog.ReloadRejected(_logger, FilePath, result.Errors.Count, running.Version, RouterConfigLog.Lines(result.Errors));
            return result;
        }

        _currentHash = hash;
        var installed = Install(result, running.Version + 1);
        var previous = Interlocked.Exchange(ref _snapshot, installed);

        // Posted under the lock, so notifications queue in version order.
        _notifier.Post(new RouterConfigChangedEventArgs(previous, installed));
        return result;
    }

    private RouterConfigSnapshot Install(RouterConfigLoadResult result, long version)
    {
        var config = result.Config!;
        var snapshot = new RouterConfigSnapshot
        {
            Config = config,
            Version = version,
            LoadedAt = _timeProvider.GetUtcNow(),
            Warnings = result.Warnings,
        };

        RouterConfigLog.Loaded(_logger, FilePath, version, config.Listeners.Count, config.Routes.Count, config.Clusters.Count);
        if (result.Warnings.Count > 0)
        {
            RouterConfigLog.LoadedWithWarnings(_logger, FilePath, version, result.Warnings.Count, RouterConfigLog.Lines(result.Warnings));
        }

        return snapshot;
    }

    private void NotifyChanged(RouterConfigChangedEventArgs args)
    {
        // Swapped at delivery, not at install: a token taken between the two then fires once too often, never too rarely.
        // The old source is left to the GC rather than disposed: tokens already handed out must still report "changed".
        var version = args.Current.Version;
        var fired = Interlocked.Exchange(ref _changeTokenSource, new CancellationTokenSource());
        Notify(version, () => fired.Cancel());

        foreach (var handler in Changed?.GetInvocationList() ?? [])
        {
            // One at a time, so one subscriber's bug neither skips the others nor kills the watcher thread.
            Notify(version, () => ((EventHandler<RouterConfigChangedEventArgs>)handler)(this, args));
        }
    }

    private void Notify(long version, Action notify)
    {
        try
        {
            notify();
        }
#pragma warning disable CA1031 // A subscriber's exception must not undo a good reload.
        catch (Exception ex)
#pragma warning restore CA1031
        {
            RouterConfigLog.ChangeHandlerFailed(_logger, ex, version);
        }
    }

    private void OnReadFailed(Exception ex)
    {
        _failedReads++;
        var version = Volatile.Read(ref _snapshot).Version;
        if (_failedReads < MaxReadAttempts)
        {
            RouterConfigLog.ReadFailed(_logger, ex, FilePath, _failedReads, version);
            _watcher?.Schedule(ReadRetryDelay);
        }
        else
        {
            RouterConfigLog.ReadGaveUp(_logger, ex, FilePath, _failedReads, version);
            _failedReads = 0;
            _gaveUpReading = true;
        }
    }

    private void ReloadFromWatcher() => Reload(polled: false);

    private void OnPollTimer()
    {
        try
        {
            // A read can catch a file mid-write; it then fails validation, the last good config stays, and the
            // writer's own events or the next poll read it whole.
            Reload(polled: true);
        }
#pragma warning disable CA1031 // An exception escaping a timer callback ends the process; the running config must survive.
        catch (Exception ex)
#pragma warning restore CA1031
        {
            RouterConfigLog.ReloadCrashed(_logger, ex, FilePath);
        }

        try
        {
            _pollTimer?.Change(_pollInterval, Timeout.InfiniteTimeSpan);
        }
        catch (ObjectDisposedException)
        {
            // Disposed while polling; no next poll.
        }
    }

    private ConfigFileWatcher? StartWatcher(TimeSpan quietPeriod)
    {
        try
        {
            return new ConfigFileWatcher(FilePath, quietPeriod, _timeProvider, ReloadFromWatcher, _logger);
        }
        catch (Exception ex) when (ErrorClassifier.IsFileAccessFailure(ex) || ex is PlatformNotSupportedException)
        {
            // Containers can run out of inotify instances; the router still runs, and the poll still finds changes.
            if (_pollInterval == Timeout.InfiniteTimeSpan)
            {
                RouterConfigLog.WatchUnavailable(_logger, ex, FilePath);
            }
            else
            {
                RouterConfigLog.WatchUnavailablePolling(_logger, ex, FilePath, _pollInterval);
            }

            return null;
        }
    }

    private static byte[] ReadAtStart(string path)
    {
        try
        {
            return File.ReadAllBytes(path);
        }
        catch (Exception ex) when (ErrorClassifier.IsFileAccessFailure(ex))
        {
            throw new RouterConfigException($"{path}: cannot read the file: {ex.Message}", ex);
        }
    }
}
