using Microsoft.Extensions.Logging;
using SoapRouter.Listening.Connections;
using SoapRouter.Telemetry;
using SoapRouter.Tests.Support;

namespace SoapRouter.Tests.Listening.Connections;

/// <summary>
/// limits.fileDescriptorReserve on a fake clock and fake descriptor counts: an accept waits while one more connection
/// would leave fewer free than the reserve, goes on once connections close, and descriptors opened elsewhere are seen
/// at the next reading.
/// </summary>
public sealed class DescriptorReserveTests
{
    private const int Reserve = 10;
    private readonly FakeTimeProvider _clock = new();
    private readonly FakeOpenFiles _files = new(100, 100) { Open = 30 };
    private readonly CapturingLogger<DescriptorReserve> _log = new();
    private int _connections;


    [Fact]
    public async Task OneMoreConnectionWouldEatIntoTheReserve_AcceptWaits_UntilConnectionsClose()
    {
        using var reserve = Create();

        // 30 open at the reading, 59 connections since: 89 open, 11 free, so one more still leaves the reserve.
        SetConnections(59);
        Assert.True(reserve.HasRoom);
        Assert.True(reserve.WaitForRoomAsync(CancellationToken.None).AsTask().IsCompletedSuccessfully);

        SetConnections(60);
        Assert.False(reserve.HasRoom);
        var waiting = reserve.WaitForRoomAsync(CancellationToken.None).AsTask();
        Assert.False(waiting.IsCompleted);
        Assert.Equal("10 of 100 file descriptors free, limits.fileDescriptorReserve is 10", reserve.Describe());

        _clock.Advance(DescriptorReserve.PollInterval);
        Assert.False(waiting.IsCompleted);

        SetConnections(59);
        _clock.Advance(DescriptorReserve.PollInterval);
        await waiting.WaitAsync(TimeSpan.FromSeconds(5));
        Assert.Equal(new FileDescriptorsSnapshot(100, 89, 11, Reserve), reserve.Snapshot());
    }

    [Fact]
    public void DescriptorsOpenedElsewhere_AreSeenAtTheNextReading()
    {
        using var reserve = Create();
        Assert.Equal(70, reserve.Free);

        // Backend connections, files: nothing the listeners count, so only a reading shows them.
        SetOthers(95);
        Assert.True(reserve.HasRoom);
        _clock.Advance(DescriptorReserve.SampleInterval);

        Assert.Equal(5, reserve.Free);
        Assert.False(reserve.HasRoom);
    }

    [Fact]
    public void TheLimitRaisedWhileRunning_IsSeenAtTheNextReading()
    {
        using var reserve = Create();
        _files.Soft = 1000;

        _clock.Advance(DescriptorReserve.SampleInterval);

        Assert.Equal(970, reserve.Free);
    }

    [Fact]
    public void NoDescriptorFreeToCountWith_TheLastReadingStays()
    {
        using var reserve = Create();
        SetConnections(5);
        _files.Countable = false;

        _clock.Advance(DescriptorReserve.SampleInterval);

        Assert.Equal(65, reserve.Free);
    }

    [Fact]
    public void UncountableDescriptors_NeverWait()
    {
        _files.Countable = false;
        using var reserve = Create();
        SetConnections(1_000);

        Assert.True(reserve.HasRoom);
        Assert.Null(reserve.Free);
        Assert.Equal(new FileDescriptorsSnapshot(null, null, null, Reserve), reserve.Snapshot());
        Assert.Equal("limits.fileDescriptorReserve is 10", reserve.Describe());
    }

    [Fact]
    public void ReserveZero_NeverCountsNorWaits()
    {
        using var reserve = Create(reserve: 0);
        SetConnections(1_000);
        _clock.Advance(TimeSpan.FromMinutes(1));

        Assert.Equal(0, _files.Counts);
        Assert.True(reserve.HasRoom);
    }

    [Fact]
    public void SlowReading_TheNextWaitsCostFactorTimesAsLong()
    {
        // Counting 10,000 descriptors took 50 ms: the next count comes after 5 s, not 1 s (1% of a core at most).
        _files.OnCount = () => _clock.Advance(TimeSpan.FromMilliseconds(50));
        using var reserve = Create();
        _files.OnCount = null;
        Assert.Equal(1, _files.Counts);

        _clock.Advance(TimeSpan.FromMilliseconds(4_900));
        Assert.Equal(1, _files.Counts);
        _clock.Advance(TimeSpan.FromMilliseconds(100));
        Assert.Equal(2, _files.Counts);

        // That one was quick: back to once per SampleInterval.
        _clock.Advance(DescriptorReserve.SampleInterval);
        Assert.Equal(3, _files.Counts);
    }

    [Fact]
    public async Task Pauses_OneWarningPerInterval_WithTheirCount()
    {
        using var reserve = Create();
        SetConnections(65);
        using var unbound = new CancellationTokenSource();
        var first = reserve.WaitForRoomAsync(unbound.Token).AsTask();
        var second = reserve.WaitForRoomAsync(unbound.Token).AsTask();
        Assert.Empty(_log.Entries);

        _clock.Advance(IntervalCount.DefaultInterval);

        var warning = Assert.Single(_log.Entries);
        Assert.Equal(LogLevel.Warning, warning.Level);
        Assert.Contains("paused 2 times in the last 00:00:10: 5 of 100 file descriptors free, limits.fileDescriptorReserve 10", warning.Message, StringComparison.Ordinal);

        // Unbinding ends the waits; no second line without a new one.
        await unbound.CancelAsync();
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => first);
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => second);
        _clock.Advance(IntervalCount.DefaultInterval);
        Assert.Single(_log.Entries);
    }

    /// <summary>Listener connections open: counted by the listeners, and among what a reading of the descriptors finds.</summary>
    private void SetConnections(int count)
    {
        _files.Open += count - _connections;
        _connections = count;
    }

    /// <summary>Descriptors other than listener connections (the process's own files, backend connections).</summary>
    private void SetOthers(int count) => _files.Open = count + _connections;

    private DescriptorReserve Create(int reserve = Reserve) => new(_files, reserve, () => _connections, _clock, _log);
}
