namespace SoapRouter.Tests.Support;

/// <summary>A manually advanced clock (the package with Microsoft's FakeTimeProvider is not in our package source).</summary>
internal sealed class FakeTimeProvider : TimeProvider
{
    private readonly Lock _timerGate = new();
    private readonly List<FakeTimer> _timers = [];
    private DateTimeOffset _now;
    private long _ticks;

    public FakeTimeProvider(DateTimeOffset? start = null) => _now = start ?? new DateTimeOffset(2026, 1, 1, 0, 0, 0, TimeSpan.Zero);

    public override DateTimeOffset GetUtcNow() => _now;

    public override long TimestampFrequency => TimeSpan.TicksPerSecond;

    public override long GetTimestamp() => _ticks;

    /// <summary>Moves the clock forward, then runs the callbacks of timers that came due, in due order.</summary>
    public void Advance(TimeSpan by)
    {
        lock (_timerGate)
        {
            _now += by;
            _ticks += by.Ticks;
        }

        FireDueTimers();
    }

    /// <summary>A timer that fires only when <see cref="Advance"/> reaches its due time (so Task.Delay(t, this) works).</summary>
    public override ITimer CreateTimer(TimerCallback callback, object? state, TimeSpan dueTime, TimeSpan period)
    {
        var timer = new FakeTimer(this, callback, state);
        timer.Change(dueTime, period);
        return timer;
    }

    /// <summary>(Re)schedules <paramref name="timer"/>; an infinite due time stops it.</summary>
    internal void Schedule(FakeTimer timer, TimeSpan dueTime, TimeSpan period)
    {
        lock (_timerGate)
        {
            timer.DueTicks = dueTime == Timeout.InfiniteTimeSpan ? -1 : _ticks + Math.Max(0, dueTime.Ticks);
            timer.PeriodTicks = period > TimeSpan.Zero ? period.Ticks : 0;
            if (!_timers.Contains(timer))
            {
                _timers.Add(timer);
            }
        }

        // Like a real timer, a zero due time fires without waiting for the clock to move.
        FireDueTimers();
    }

    /// <summary>Forgets a disposed timer.</summary>
    internal void Remove(FakeTimer timer)
    {
        lock (_timerGate)
        {
            _timers.Remove(timer);
        }
    }

    private void FireDueTimers()
    {
        while (true)
        {
            FakeTimer? due = null;
            lock (_timerGate)
            {
                foreach (var timer in _timers)
                {
                    if (timer.DueTicks >= 0 && timer.DueTicks <= _ticks && (due is null || timer.DueTicks < due.DueTicks))
                    {
                        due = timer;
                    }
                }

                if (due is null)
                {
                    return;
                }

                due.DueTicks = due.PeriodTicks > 0 ? due.DueTicks + due.PeriodTicks : -1;
            }

            // Outside the lock: the callback may change or dispose timers.
            due.Fire();
        }
    }
}
