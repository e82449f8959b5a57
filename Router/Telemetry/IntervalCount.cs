namespace SoapRouter.Telemetry;

/// <summary>
/// Counts events that may come in floods (slow clients dropped, connections refused) and reports them at most once per
/// interval, as one count, so a flood costs one log line per interval rather than one per event. The interval starts
/// at the first event after a report; a quiet interval reports nothing. The router's one log-once-per-interval: every
/// such line (slow clients, refusals, accept failures and pauses, memory, TLS handshakes, Redis, a destination's
/// failures) goes through one of these, every <see cref="DefaultInterval"/>.
/// </summary>
internal sealed class IntervalCount : IDisposable
{
    /// <summary>The interval of every flood log line in the router.</summary>
    public static readonly TimeSpan DefaultInterval = TimeSpan.FromSeconds(10);

    private readonly TimeProvider _timeProvider;
    private readonly Action<long, TimeSpan> _report;
    private readonly Lock _gate = new();
    private long _count;
    private ITimer? _timer;
    private bool _disposed;

    /// <summary>Reports through <paramref name="report"/> (count, interval) once per <paramref name="interval"/> with events.</summary>
    public IntervalCount(TimeProvider timeProvider, TimeSpan interval, Action<long, TimeSpan> report)
    {
        ArgumentOutOfRangeException.ThrowIfLessThanOrEqual(interval, TimeSpan.Zero);
        _timeProvider = timeProvider;
        _report = report;
        Interval = interval;
    }

    /// <summary>How often at most a count is reported.</summary>
    public TimeSpan Interval { get; }

    /// <summary>Counts one event; the first of an interval starts its timer. True when this event is the first counted since the last report.</summary>
    public bool Add()
    {
        var first = Interlocked.Increment(ref _count) == 1;
        if (Volatile.Read(ref _timer) is not null)
        {
            return first;
        }

        lock (_gate)
        {
            if (_timer is null && !_disposed)
            {
                _timer = _timeProvider.CreateTimer(static state => ((IntervalCount)state!).Flush(), this, Interval, Timeout.InfiniteTimeSpan);
            }
        }

        return first;
    }

    /// <inheritdoc />
    public void Dispose()
    {
        lock (_gate)
        {
            _disposed = true;
            _timer?.Dispose();
            _timer = null;
        }
    }

    private void Flush()
    {
        lock (_gate)
        {
            // Cleared before the count is taken: an event racing this either lands in this report or starts the next interval.
            _timer?.Dispose();
            _timer = null;
        }

        var count = Interlocked.Exchange(ref _count, 0);
        if (count > 0)
        {
            _report(count, Interval);
        }
    }
}
