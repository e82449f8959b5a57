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

    private ConfigFileWatcher Start() => new(_directory.File("router.json"), QuietPeriod, _clock, OnSettled, _logger);

    private void OnSettled() => Interlocked.Increment(ref _settled);
}
