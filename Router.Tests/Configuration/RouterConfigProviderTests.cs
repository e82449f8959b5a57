using System.Diagnostics;
using Microsoft.Extensions.Logging;
using SoapRouter.Configuration;
using static SoapRouter.Tests.Configuration.TestConfigs;

using SoapRouter.Tests.Support;

namespace SoapRouter.Tests.Configuration;

public sealed class RouterConfigProviderTests : IDisposable
{
    // Generous: this bounds a failing test, it is not a timing assertion.
    private static readonly TimeSpan Patience = TimeSpan.FromSeconds(15);
    private static readonly TimeSpan QuietPeriod = TimeSpan.FromMilliseconds(50);
    private static readonly TimeSpan PollInterval = TimeSpan.FromSeconds(10);

    private readonly TempDirectory _directory = new();
    private readonly CapturingLogger<RouterConfigProvider> _logger = new();
    private readonly string _path;

    public RouterConfigProviderTests() => _path = _directory.File("router.json");

    public void Dispose() => _directory.Dispose();

    [Fact]
    public void Start_InvalidFile_ThrowsWithEveryError()
    {
        Write(Valid() with { Listeners = [], Telemetry = new TelemetryConfig { LogLevel = "Chatty" } });

        var ex = Assert.Throws<RouterConfigException>(() => new RouterConfigProvider(_path, _logger));

        Assert.Equal(2, ex.Errors.Count);
        AssertHasError(ex.Errors, "listeners", "at least one listener");
        AssertHasError(ex.Errors, "telemetry.logLevel", "unknown log level 'Chatty'");
        Assert.Contains(Environment.NewLine + "  listeners: at least one listener", ex.Message, StringComparison.Ordinal);
        Assert.Contains(Environment.NewLine + "  telemetry.logLevel: unknown log level", ex.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Start_MalformedFile_ThrowsWithLine()
    {
        File.WriteAllText(_path, "{\n  \"listeners\": [,]\n}");

        var ex = Assert.Throws<RouterConfigException>(() => new RouterConfigProvider(_path, _logger));

        Assert.StartsWith("line 2,", Assert.Single(ex.Errors), StringComparison.Ordinal);
    }

    [Fact]
    public void Start_MissingFile_ThrowsCannotRead()
    {
        var ex = Assert.Throws<RouterConfigException>(() => new RouterConfigProvider(_path, _logger));

        Assert.Contains("cannot read the file", Assert.Single(ex.Errors), StringComparison.Ordinal);
    }

    [Fact]
    public void Start_ValidFile_InstallsVersionOneAndLogsIt()
    {
        Write(Valid());

        using var provider = Start();

        Assert.Equal(1, provider.Version);
        Assert.Equal("basic", Assert.Single(provider.Current.Listeners).Name);
        Assert.Contains(_logger.Entries, e => e.Level == LogLevel.Information && e.Message.Contains("as version 1", StringComparison.Ordinal));
    }

    [Fact]
    public async Task FileRewritten_ValidConfig_SwapsSnapshotBumpsVersionAndSignals()
    {
        Write(Valid());
        using var provider = Start();
        var token = provider.GetReloadToken();
        var change = NextChange(provider);

        Write(WithLogLevel("Debug"));
        var args = await change.WaitAsync(Patience);

        Assert.Equal(1, args.Previous.Version);
        Assert.Equal(2, args.Current.Version);
        Assert.Same(args.Current, provider.Snapshot);
        Assert.Equal("Debug", provider.Current.Telemetry.LogLevel);
        Assert.True(token.HasChanged);
        await _logger.WaitFor(LogLevel.Information, "as version 2").WaitAsync(Patience);
    }

    [Fact]
    public async Task FileRewritten_InvalidConfig_KeepsLastGoodAndLogsEveryError()
    {
        Write(Valid());
        using var provider = Start();
        var good = provider.Current;
        // Keyed on one of the expected errors, so a read that caught the file half-written cannot complete it.
        var rejected = _logger.WaitFor(LogLevel.Warning, "routes: at least one route");

        Write(Valid() with { Routes = [], Limits = new LimitsConfig { MaxConcurrentRequests = 0 } });
        var message = await rejected.WaitAsync(Patience);

        Assert.Contains("rejected with 2 errors", message, StringComparison.Ordinal);
        Assert.Contains("limits.maxConcurrentRequests: must be greater than 0", message, StringComparison.Ordinal);
        Assert.Equal(1, provider.Version);
        Assert.Same(good, provider.Current);
    }

    [Fact]
    public async Task SnapshotTakenBeforeReload_IsUnchangedAfterIt()
    {
        Write(Valid());
        using var provider = Start();
        var before = provider.Current;
        var change = NextChange(provider);

        Write(WithLogLevel("Warning") with { Routes = [Route("orders", "echo", Action("urn:orders"))] });
        await change.WaitAsync(Patience);

        Assert.NotSame(before, provider.Current);
        Assert.Equal("Information", before.Telemetry.LogLevel);
        Assert.Equal("all", Assert.Single(before.Routes).Name);
        Assert.Equal("orders", Assert.Single(provider.Current.Routes).Name);
    }

    [Fact]
    public async Task EditorSaveByRename_IsPickedUp()
    {
        Write(Valid());
        using var provider = Start();
        var change = NextChange(provider);

        var temp = _directory.File("router.json.tmp");
        File.WriteAllText(temp, ToJson(WithLogLevel("Error")));
        File.Move(temp, _path, overwrite: true);
        await change.WaitAsync(Patience);

        Assert.Equal("Error", provider.Current.Telemetry.LogLevel);
    }

    [Fact]
    public async Task KubernetesConfigMapSwap_IsPickedUp()
    {
        // A mounted ConfigMap: router.json -> ..data/router.json, ..data -> a timestamped folder. An update writes a new
        // folder, points ..data_tmp at it and renames ..data_tmp over ..data, so no event ever names router.json.
        WriteConfigMapVersion("..2026_01_01_00_00_00.000000001", Valid());
        Directory.CreateSymbolicLink(_directory.File("..data"), "..2026_01_01_00_00_00.000000001");
        File.CreateSymbolicLink(_path, Path.Combine("..data", "router.json"));
        using var provider = Start();
        var change = NextChange(provider);

        WriteConfigMapVersion("..2026_01_01_00_05_00.000000002", WithLogLevel("Error"));
        Directory.CreateSymbolicLink(_directory.File("..data_tmp"), "..2026_01_01_00_05_00.000000002");
        await RenameOver(_directory.File("..data_tmp"), _directory.File("..data"));
        Directory.Delete(_directory.File("..2026_01_01_00_00_00.000000001"), recursive: true);
        var args = await change.WaitAsync(Patience);

        Assert.Equal("Error", args.Current.Config.Telemetry.LogLevel);
        Assert.Equal("Error", provider.Current.Telemetry.LogLevel);
    }

    [Fact]
    public async Task FileDeletedThenRecreated_KeepsConfigMeanwhileThenReloads()
    {
        Write(Valid());
        using var provider = Start();
        var readFailed = _logger.WaitFor(LogLevel.Warning, "Could not read");

        File.Delete(_path);
        await readFailed.WaitAsync(Patience);
        Assert.Equal(1, provider.Version);

        var change = NextChange(provider);
        Write(WithLogLevel("Fatal"));
        await change.WaitAsync(Patience);

        Assert.Equal("Fatal", provider.Current.Telemetry.LogLevel);
    }

    // Proves the last write of a burst is not lost; the debounce itself is proven on a fake clock in ConfigFileWatcherTests.
    [Fact]
    public async Task BurstOfWrites_EndsOnTheLastContent()
    {
        Write(Valid());
        using var provider = Start();
        var settled = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        provider.Changed += (_, e) =>
        {
            if (e.Current.Config.Telemetry.LogLevel == "Fatal")
            {
                settled.TrySetResult();
            }
        };

        foreach (var level in new[] { "Verbose", "Debug", "Warning", "Error", "Fatal" })
        {
            Write(WithLogLevel(level));
        }

        await settled.Task.WaitAsync(Patience);
        Assert.Equal("Fatal", provider.Current.Telemetry.LogLevel);
    }

    [Fact]
    public void Poll_WithoutWatch_PicksUpEachChangeAtTheInterval()
    {
        Write(Valid());
        var clock = new FakeTimeProvider();
        using var provider = StartPollingOnly(clock);

        Write(WithLogLevel("Debug"));
        clock.Advance(PollInterval - TimeSpan.FromMilliseconds(1));
        Assert.Equal(1, provider.Version);
        clock.Advance(TimeSpan.FromMilliseconds(1));
        Assert.Equal(2, provider.Version);
        Assert.Equal("Debug", provider.Current.Telemetry.LogLevel);

        Write(WithLogLevel("Error"));
        clock.Advance(PollInterval);
        Assert.Equal(3, provider.Version);
        Assert.Equal("Error", provider.Current.Telemetry.LogLevel);
    }

    [Fact]
    public void Poll_FileMissing_WarnsOnceThenReloadsWhenItIsBack()
    {
        Write(Valid());
        var clock = new FakeTimeProvider();
        using var provider = StartPollingOnly(clock);

        File.Delete(_path);
        for (var i = 0; i < 5; i++)
        {
            clock.Advance(PollInterval);
        }

        Assert.Single(_logger.Entries, e => e.Level == LogLevel.Warning && e.Message.Contains("Could not read", StringComparison.Ordinal));
        Assert.Equal(1, provider.Version);

        Write(WithLogLevel("Fatal"));
        clock.Advance(PollInterval);
        Assert.Equal(2, provider.Version);
    }

    [Fact]
    public void Poll_AfterDispose_StopsReading()
    {
        Write(Valid());
        var clock = new FakeTimeProvider();
        var provider = StartPollingOnly(clock);
        provider.Dispose();

        Write(WithLogLevel("Debug"));
        clock.Advance(PollInterval * 3);

        Assert.Equal(1, provider.Version);
    }

    [Theory]
    [InlineData(0)]
    [InlineData(-5)]
    public void Start_PollIntervalNotPositive_Throws(int seconds)
    {
        Write(Valid());

        Assert.Throws<ArgumentOutOfRangeException>(() => new RouterConfigProvider(_path, _logger, pollInterval: TimeSpan.FromSeconds(seconds)));
    }

    [Fact]
    public void OtherFileInTheFolder_WrittenTwentyTimes_NoReadNoReloadNoLog()
    {
        Write(Valid());
        var clock = new FakeTimeProvider();
        using var provider = StartWatchingOnly(clock);
        var watcher = provider.Watcher!;
        var changes = CountChanges(provider);
        var entriesAtStart = _logger.Entries.Count;

        for (var i = 0; i < 20; i++)
        {
            var handled = watcher.EventsHandled;
            File.AppendAllText(_directory.File("router.log"), $"line {i}\n");
            Assert.True(SpinWait.SpinUntil(() => watcher.EventsHandled > handled, Patience), "the watcher saw no event");
            clock.Advance(QuietPeriod);
        }

        Assert.Equal(1, provider.Version);
        Assert.Equal(0, changes());
        Assert.Equal(entriesAtStart, _logger.Entries.Count);
    }

    [Fact]
    public void ConfigRewrittenWithIdenticalContent_NoReload_ThenARealChangeReloadsOnce()
    {
        Write(Valid());
        var clock = new FakeTimeProvider();
        using var provider = StartWatchingOnly(clock);
        var changes = CountChanges(provider);
        var unchanged = _logger.WaitFor(LogLevel.Debug, "its content is the running version");

        Write(Valid());
        File.SetLastWriteTimeUtc(_path, DateTime.UtcNow.AddMinutes(1));
        Assert.True(SpinWait.SpinUntil(
            () =>
            {
                clock.Advance(QuietPeriod);
                return unchanged.IsCompleted;
            },
            Patience));
        Assert.Equal(1, provider.Version);
        Assert.Equal(0, changes());

        Write(WithLogLevel("Debug"));
        Assert.True(SpinWait.SpinUntil(
            () =>
            {
                clock.Advance(QuietPeriod);
                return provider.Version == 2;
            },
            Patience));
        clock.Advance(QuietPeriod);
        Assert.Equal(1, changes());
        Assert.Equal("Debug", provider.Current.Telemetry.LogLevel);
    }

    [Fact]
    public void Poll_TouchedOrRewrittenWithIdenticalContent_KeepsVersion()
    {
        Write(Valid());
        var clock = new FakeTimeProvider();
        using var provider = StartPollingOnly(clock);
        var changes = CountChanges(provider);

        File.SetLastWriteTimeUtc(_path, DateTime.UtcNow.AddMinutes(1));
        clock.Advance(PollInterval);
        Write(Valid());
        clock.Advance(PollInterval);

        Assert.Equal(1, provider.Version);
        Assert.Equal(0, changes());
    }

    [Fact]
    public void Reload_UnchangedContent_KeepsVersion()
    {
        Write(Valid());
        using var provider = Start();

        var result = provider.Reload();

        Assert.True(result.Succeeded);
        Assert.Equal(1, provider.Version);
    }

    [Fact]
    public void Reload_ThrowingHandler_DoesNotStopOtherHandlersOrTheSwap()
    {
        Write(Valid());
        using var provider = Start();
        RouterConfigSnapshot? seen = null;
        provider.Changed += (_, _) => throw new InvalidOperationException("subscriber bug");
        provider.Changed += (_, e) => seen = e.Current;

        Write(WithLogLevel("Debug"));
        provider.Reload();

        Assert.Equal(2, provider.Version);
        Assert.Same(provider.Snapshot, seen);
        Assert.Contains(_logger.Entries, e => e.Level == LogLevel.Error && e.Message.Contains("threw", StringComparison.Ordinal));
    }

    [Fact]
    public void ChangedHandler_WaitingForReloadOnAnotherThread_DoesNotDeadlock()
    {
        Write(Valid());
        using var provider = StartPollingOnly(new FakeTimeProvider());
        var delivered = new List<long>();
        var innerReloadFinished = false;
        provider.Changed += (_, e) =>
        {
            delivered.Add(e.Current.Version);
            if (e.Current.Version == 2)
            {
                Write(WithLogLevel("Error"));
                innerReloadFinished = WaitOnAnotherThread(() => provider.Reload());
            }
        };

        Write(WithLogLevel("Debug"));
        provider.Reload();

        Assert.True(innerReloadFinished);
        Assert.Equal(3, provider.Version);
        Assert.Equal([2L, 3L], delivered);
    }

    [Fact]
    public void ChangedHandler_WaitingForDisposeOnAnotherThread_DoesNotDeadlock()
    {
        Write(Valid());
        var provider = StartPollingOnly(new FakeTimeProvider());
        var disposeFinished = false;
        provider.Changed += (_, _) => disposeFinished = WaitOnAnotherThread(provider.Dispose);

        Write(WithLogLevel("Debug"));
        provider.Reload();

        Assert.True(disposeFinished);
        Assert.Equal(2, provider.Version);
    }

    [Fact]
    public void ChangedHandler_ReloadingItself_SeesTheNextVersionAfterReturning()
    {
        Write(Valid());
        using var provider = StartPollingOnly(new FakeTimeProvider());
        var events = new List<string>();
        provider.Changed += (_, e) =>
        {
            events.Add($"start {e.Current.Version}");
            if (e.Current.Version == 2)
            {
                Write(WithLogLevel("Error"));
                provider.Reload();
            }

            events.Add($"end {e.Current.Version}");
        };

        Write(WithLogLevel("Debug"));
        provider.Reload();

        Assert.Equal(["start 2", "end 2", "start 3", "end 3"], events);
    }

    [Fact]
    public async Task ConcurrentReloads_DeliverEveryVersionOnceInOrder()
    {
        Write(Valid());
        using var provider = StartPollingOnly(new FakeTimeProvider());
        var delivered = new List<long>();
        var chained = true;
        provider.Changed += (_, e) =>
        {
            // Handlers never overlap, so this plain list needs no lock; a gap or repeat shows in the chain check.
            chained &= e.Previous.Version == (delivered.Count == 0 ? 1 : delivered[^1]);
            delivered.Add(e.Current.Version);
            Thread.Yield();
        };

        using var stop = new CancellationTokenSource();
        var reloaders = Enumerable.Range(0, 3).Select(_ => Task.Run(() =>
        {
            while (!stop.IsCancellationRequested)
            {
                provider.Reload();
            }
        })).ToArray();
        var levels = new[] { "Debug", "Warning", "Error", "Fatal", "Information" };
        for (var i = 0; i < 50; i++)
        {
            // Write aside and rename over, so a reload never reads half a file.
            var temp = _directory.File("router.json.tmp");
            File.WriteAllText(temp, ToJson(WithLogLevel(levels[i % levels.Length])));
            File.Move(temp, _path, overwrite: true);
            provider.Reload();
        }

        await stop.CancelAsync();
        await Task.WhenAll(reloaders).WaitAsync(Patience);
        provider.Reload();

        Assert.True(chained);
        Assert.Equal(Enumerable.Range(2, (int)provider.Version - 1).Select(v => (long)v), delivered);
    }

    [Fact]
    public void Reload_AfterDispose_ReportsDisposedAndKeepsSnapshot()
    {
        Write(Valid());
        var provider = Start();
        provider.Dispose();

        Write(WithLogLevel("Debug"));
        var result = provider.Reload();

        Assert.False(result.Succeeded);
        Assert.Equal(1, provider.Version);
    }

    private static RouterConfig WithLogLevel(string level) => Valid() with { Telemetry = new TelemetryConfig { LogLevel = level } };

    // What a subscriber may do: hand work to another thread and block until it is done (bounded, so a deadlock fails).
    private static bool WaitOnAnotherThread(Action action) => Task.Run(action).Wait(Patience);

    private static Task<RouterConfigChangedEventArgs> NextChange(RouterConfigProvider provider)
    {
        var next = new TaskCompletionSource<RouterConfigChangedEventArgs>(TaskCreationOptions.RunContinuationsAsynchronously);
        provider.Changed += (_, e) => next.TrySetResult(e);
        return next.Task;
    }

    // The poll is off, so these tests prove the watch alone; the poll has its own tests on a fake clock.
    private RouterConfigProvider Start() => new(_path, _logger, quietPeriod: QuietPeriod, pollInterval: Timeout.InfiniteTimeSpan);

    // A real folder watch on a fake clock: the test decides when the quiet period has passed.
    private RouterConfigProvider StartWatchingOnly(FakeTimeProvider clock) =>
        new(_path, _logger, clock, QuietPeriod, Timeout.InfiniteTimeSpan);

    private static Func<int> CountChanges(RouterConfigProvider provider)
    {
        var count = 0;
        provider.Changed += (_, _) => Interlocked.Increment(ref count);
        return () => Volatile.Read(ref count);
    }

    private RouterConfigProvider StartPollingOnly(FakeTimeProvider clock) =>
        new(_path, _logger, clock, QuietPeriod, PollInterval, watchFolder: false);

    private void Write(RouterConfig config) => File.WriteAllText(_path, ToJson(config));

    // rename(2) of a link over a link, as kubelet does; File.Move follows the link and refuses a directory.
    private static async Task RenameOver(string source, string destination)
    {
        var start = new ProcessStartInfo("mv") { ArgumentList = { "-T", source, destination }, RedirectStandardError = true };
        using var mv = Process.Start(start)!;
        var error = await mv.StandardError.ReadToEndAsync();
        await mv.WaitForExitAsync().WaitAsync(Patience);
        ExitCodeAssert.Equal(0, mv.ExitCode, error);
    }

    private void WriteConfigMapVersion(string folder, RouterConfig config)
    {
        Directory.CreateDirectory(_directory.File(folder));
        File.WriteAllText(Path.Combine(_directory.File(folder), "router.json"), ToJson(config));
    }
}
