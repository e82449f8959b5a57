using SoapRouter.Configuration;
using SoapRouter.Tests.Support;

namespace SoapRouter.Tests.Configuration;

public sealed class ConfigFileWatcherTests : IDisposable
{
    private static readonly TimeSpan QuietPeriod = TimeSpan.FromMilliseconds(200);

    private readonly TempDirectory _directory = new();
    private readonly CapturingLogger<ConfigFileWatcher> _logger = new();
    private readonly FakeTimeProvider _clock = new();
    private int _settled;

    public void Dispose() => _directory.Dispose();

    [Fact]
    public void Schedule_RepeatedWithinQuietPeriod_CallsBackOnceWhenQuiet()
    {
        using var watcher = Start();

        // Four schedules 150 ms apart: 450 ms pass in all, but never 200 ms without a new one.
        watcher.Schedule(QuietPeriod);
        for (var i = 0; i < 3; i++)
        {
            _clock.Advance(TimeSpan.FromMilliseconds(150));
            Assert.Equal(0, Volatile.Read(ref _settled));
            watcher.Schedule(QuietPeriod);
        }

        _clock.Advance(QuietPeriod - TimeSpan.FromMilliseconds(1));
        Assert.Equal(0, Volatile.Read(ref _settled));

        _clock.Advance(TimeSpan.FromMilliseconds(1));
        Assert.Equal(1, Volatile.Read(ref _settled));

        _clock.Advance(TimeSpan.FromMinutes(1));
        Assert.Equal(1, Volatile.Read(ref _settled));
    }

    [Fact]
    public void Schedule_AfterCallback_CallsBackAgain()
    {
        using var watcher = Start();

        watcher.Schedule(QuietPeriod);
        _clock.Advance(QuietPeriod);
        watcher.Schedule(QuietPeriod);
        _clock.Advance(QuietPeriod);

        Assert.Equal(2, Volatile.Read(ref _settled));
    }

    [Fact]
    public void Schedule_AfterDispose_DoesNotCallBack()
    {
        var watcher = Start();
        watcher.Schedule(QuietPeriod);
        watcher.Dispose();

        watcher.Schedule(QuietPeriod);
        _clock.Advance(TimeSpan.FromMinutes(1));

        Assert.Equal(0, Volatile.Read(ref _settled));
    }

    [Fact]
    public void Constructor_WatcherCannotStart_DisposesTheTimerItCreated()
    {
        var clock = new TrackingTimeProvider(_clock);
        var missing = Path.Combine(_directory.Path, "gone", "router.json");

        Assert.ThrowsAny<ArgumentException>(() => new ConfigFileWatcher(missing, QuietPeriod, clock, OnSettled, _logger));

        Assert.Equal(1, clock.Created);
        Assert.Equal(0, clock.Live);
    }

    [Fact]
    public void OnFileEvent_OtherFileInTheFolderTwentyTimes_NeverCallsBack()
    {
        using var watcher = Start();

        // Each event followed by a quiet period: had any of them counted, the callback would run.
        for (var i = 0; i < 20; i++)
        {
            watcher.OnFileEvent(new FileSystemEventArgs(WatcherChangeTypes.Changed, _directory.Path, "router.log"));
            _clock.Advance(QuietPeriod);
        }

        Assert.Equal(0, Volatile.Read(ref _settled));
        Assert.Equal(20, watcher.EventsHandled);
        Assert.Empty(_logger.Entries);
    }

    [Theory]
    [InlineData(WatcherChangeTypes.Changed, "router.json", null)]
    [InlineData(WatcherChangeTypes.Created, "router.json", null)]
    [InlineData(WatcherChangeTypes.Deleted, "router.json", null)]
    [InlineData(WatcherChangeTypes.Renamed, "router.json", "router.json.tmp")]
    [InlineData(WatcherChangeTypes.Renamed, "router.json~", "router.json")]
    public void OnFileEvent_TheConfigFile_CallsBackOnceQuiet(WatcherChangeTypes type, string name, string? oldName)
    {
        using var watcher = Start();
        FileSystemEventArgs e = oldName is null
            ? new FileSystemEventArgs(type, _directory.Path, name)
            : new RenamedEventArgs(type, _directory.Path, name, oldName);

        watcher.OnFileEvent(e);
        _clock.Advance(QuietPeriod);

        Assert.Equal(1, Volatile.Read(ref _settled));
    }

    [Fact]
    public void OnFileEvent_KubernetesDataLinkSwap_CallsBackAndFollowsTheNewChain()
    {
        // ..v2 exists before the watcher starts: the real watcher's own "Created ..v2" could otherwise land after the
        // swap, when ..v2 is on the chain, and schedule a callback the test did not ask for (seen under load).
        CreateConfigMapVersion("..v1");
        CreateConfigMapVersion("..v2");
        Directory.CreateSymbolicLink(_directory.File("..data"), "..v1");
        File.CreateSymbolicLink(_directory.File("router.json"), Path.Combine("..data", "router.json"));
        using var watcher = Start();

        // kubelet: a new folder, a ..data_tmp link to it, the rename over ..data, the old folder deleted.
        watcher.OnFileEvent(new FileSystemEventArgs(WatcherChangeTypes.Created, _directory.Path, "..v2"));
        watcher.OnFileEvent(new FileSystemEventArgs(WatcherChangeTypes.Created, _directory.Path, "..data_tmp"));
        _clock.Advance(QuietPeriod);
        Assert.Equal(0, Volatile.Read(ref _settled));

        // The links really move, so the real watcher reports a Deleted and a Created ..data (both on the chain). Wait
        // for both before the clock moves: one handled after the advance would schedule a second callback.
        var handled = watcher.EventsHandled;
        File.Delete(_directory.File("..data"));
        Directory.CreateSymbolicLink(_directory.File("..data"), "..v2");
        WaitForEvent(watcher, handled + 1);
        watcher.OnFileEvent(new RenamedEventArgs(WatcherChangeTypes.Renamed, _directory.Path, "..data", "..data_tmp"));
        _clock.Advance(QuietPeriod);
        Assert.Equal(1, Volatile.Read(ref _settled));

        // ..v2 is now on the chain, ..v1 is not.
        watcher.OnFileEvent(new FileSystemEventArgs(WatcherChangeTypes.Deleted, _directory.Path, "..v1"));
        _clock.Advance(QuietPeriod);
        Assert.Equal(1, Volatile.Read(ref _settled));
        watcher.OnFileEvent(new FileSystemEventArgs(WatcherChangeTypes.Deleted, _directory.Path, "..v2"));
        _clock.Advance(QuietPeriod);
        Assert.Equal(2, Volatile.Read(ref _settled));
    }

    [Fact]
    public void RealWrites_ToAnotherFileInTheFolder_NeverCallBack_ToTheConfigDo()
    {
        File.WriteAllText(_directory.File("router.json"), "{}");
        using var watcher = Start();
        var log = _directory.File("router.log");

        for (var i = 0; i < 20; i++)
        {
            var handled = watcher.EventsHandled;
            File.AppendAllText(log, $"line {i}\n");
            WaitForEvent(watcher, handled);
            _clock.Advance(QuietPeriod);
        }

        Assert.Equal(0, Volatile.Read(ref _settled));

        // Late events of the log writes may still be on their way, so advance until the config's own event lands.
        File.WriteAllText(_directory.File("router.json"), "{ }");
        Assert.True(SpinWait.SpinUntil(
            () =>
            {
                _clock.Advance(QuietPeriod);
                return Volatile.Read(ref _settled) > 0;
            },
            TimeSpan.FromSeconds(15)));
        Assert.Equal(1, Volatile.Read(ref _settled));
    }

    // Bounded so a lost event fails the test instead of hanging it; no time is measured.
    private static void WaitForEvent(ConfigFileWatcher watcher, int handledBefore) =>
        Assert.True(SpinWait.SpinUntil(() => watcher.EventsHandled > handledBefore, TimeSpan.FromSeconds(15)), "the watcher saw no event");

    private void CreateConfigMapVersion(string folder)
    {
        Directory.CreateDirectory(_directory.File(folder));
        File.WriteAllText(Path.Combine(_directory.File(folder), "router.json"), "{}");
    }

    private ConfigFileWatcher Start() => new(_directory.File("router.json"), QuietPeriod, _clock, OnSettled, _logger);

    private void OnSettled() => Interlocked.Increment(ref _settled);
}
