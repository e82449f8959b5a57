using SoapRouter.Hosting;
using SoapRouter.Telemetry;

namespace SoapRouter.Listening.Connections;

/// <summary>
/// Keeps limits.fileDescriptorReserve file descriptors free for the process itself: every listener's accept loop waits
/// here while one more connection would leave fewer free (its endpoint's <see cref="Telemetry.ConnectionCounters"/> say
/// so), and goes on by itself as descriptors come free; the waits are logged once per interval. Without it the
/// listeners take the last descriptor, and then the runtime cannot start a thread (on Linux it needs a pipe, two
/// descriptors, for each), which the thread pool turns into an "Out of memory." exit; config reloads, logs, /health and
/// backend connections fail before that.
/// </summary>
/// <remarks>
/// What is open is estimated per accept without a system call: the real count (<see cref="IOpenFileLimits.TryCountOpen"/>,
/// one read of /proc/self/fd every <see cref="SampleInterval"/>) plus the listener connections opened since, minus those
/// ended. Between two readings other descriptors (backend connections, files) are not seen; the reserve absorbs them.
/// A reading costs about half a microsecond per open descriptor, so the next one waits at least <see cref="CostFactor"/>
/// times as long as the last took: at most 1% of a core, whatever the number of connections.
/// </remarks>
internal sealed class DescriptorReserve : IDisposable
{
    /// <summary>How often the open descriptors are counted and the limit read, at most.</summary>
    public static readonly TimeSpan SampleInterval = TimeSpan.FromSeconds(1);

    /// <summary>The next reading waits at least this many times as long as the last one took.</summary>
    public const int CostFactor = 100;

    /// <summary>How often a waiting accept loop looks again (connections closing give descriptors back at once).</summary>
    public static readonly TimeSpan PollInterval = TimeSpan.FromMilliseconds(100);

    private readonly IOpenFileLimits _files;
    private readonly Func<int> _connections;
    private readonly TimeProvider _timeProvider;
    private readonly IntervalCount _pauseReports;
    private readonly ITimer? _sampler;
    private Baseline? _baseline;
    private long _freeAtPause;

    /// <summary>
    /// Keeps <paramref name="reserve"/> descriptors of <paramref name="files"/> free (0: never waits, counts nothing);
    /// <paramref name="connections"/> reads the listener connections open now (<see cref="ListenerConnections.Open"/>).
    /// Pauses are logged once per <see cref="IntervalCount.DefaultInterval"/>.
    /// </summary>
    public DescriptorReserve(IOpenFileLimits files, int reserve, Func<int> connections, TimeProvider timeProvider, ILogger logger)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(reserve);
        _files = files;
        _connections = connections;
        _timeProvider = timeProvider;
        Reserve = reserve;
        _pauseReports = new IntervalCount(timeProvider, IntervalCount.DefaultInterval, (count, interval) =>
            ListenerConnectionsLog.AcceptPaused(logger, count, interval, Volatile.Read(ref _freeAtPause), Volatile.Read(ref _baseline)?.Limit ?? 0, Reserve));
        if (reserve > 0)
        {
            _sampler = timeProvider.CreateTimer(
                static state => ((DescriptorReserve)state!).Sample(), this, Timeout.InfiniteTimeSpan, Timeout.InfiniteTimeSpan);
            Sample();
        }
    }

    /// <summary>limits.fileDescriptorReserve.</summary>
    public int Reserve { get; }

    /// <summary>Free descriptors now, estimated; null when they cannot be counted (not Linux, or no reserve).</summary>
    public long? Free => Volatile.Read(ref _baseline) is { } baseline ? baseline.Limit - Open(baseline) : null;

    /// <summary>Whether one more connection leaves at least <see cref="Reserve"/> descriptors free (always, when they cannot be counted).</summary>
    public bool HasRoom => Free is not { } free || free > Reserve;

    /// <summary>
    /// Completes at once while there is room; otherwise notes the wait for the log and completes once there is, looking
    /// again every <see cref="PollInterval"/>. Cancelling <paramref name="cancellationToken"/> ends the wait with
    /// <see cref="OperationCanceledException"/>.
    /// </summary>
    public ValueTask WaitForRoomAsync(CancellationToken cancellationToken) => HasRoom ? ValueTask.CompletedTask : new ValueTask(WaitAsync(cancellationToken));

    /// <summary>The figures now, in words, for /health: "62 of 1024 file descriptors free, limits.fileDescriptorReserve is 64".</summary>
    public string Describe() =>
        Volatile.Read(ref _baseline) is { } baseline
            ? $"{baseline.Limit - Open(baseline)} of {baseline.Limit} file descriptors free, limits.fileDescriptorReserve is {Reserve}"
            : $"limits.fileDescriptorReserve is {Reserve}";

    /// <summary>The figures now, for /stats.</summary>
    public FileDescriptorsSnapshot Snapshot()
    {
        var baseline = Volatile.Read(ref _baseline);
        var open = baseline is null ? (int?)null : (int)Math.Min(int.MaxValue, Open(baseline));
        return new FileDescriptorsSnapshot(baseline?.Limit, open, baseline?.Limit - open, Reserve);
    }

    /// <inheritdoc />
    public void Dispose()
    {
        _sampler?.Dispose();
        _pauseReports.Dispose();
    }

    /// <summary>
    /// Reads the limit and counts the open descriptors (when either cannot be read the last reading stays), and sets the
    /// next reading.
    /// </summary>
    private void Sample()
    {
        var started = _timeProvider.GetTimestamp();
        var connections = _connections();
        if (_files.TryGet(out var soft, out _) && _files.TryCountOpen(out var open))
        {
            // An unlimited limit ("infinity") is as good as no limit: clamped so the arithmetic cannot overflow.
            Volatile.Write(ref _baseline, new Baseline((long)Math.Min(soft, int.MaxValue), open, connections));
        }

        var took = _timeProvider.GetElapsedTime(started);
        _sampler?.Change(TimeSpan.FromTicks(Math.Max(SampleInterval.Ticks, took.Ticks * CostFactor)), Timeout.InfiniteTimeSpan);
    }

    private long Open(Baseline baseline) => baseline.Open + (_connections() - baseline.Connections);

    private async Task WaitAsync(CancellationToken cancellationToken)
    {
        Volatile.Write(ref _freeAtPause, Free ?? 0);
        _pauseReports.Add();
        do
        {
            await Task.Delay(PollInterval, _timeProvider, cancellationToken).ConfigureAwait(false);
        }
        while (!HasRoom);
    }

    /// <summary>One reading: the soft limit, the descriptors open, and the listener connections open at that moment.</summary>
    private sealed record Baseline(long Limit, long Open, int Connections);
}
