namespace SoapRouter.Tests.Support;

/// <summary>A <see cref="TimeProvider"/> wrapper that counts the timers created through it and not yet disposed.</summary>
internal sealed class TrackingTimeProvider(TimeProvider inner) : TimeProvider
{
    private int _created;
    private int _live;

    /// <summary>Timers created so far.</summary>
    public int Created => Volatile.Read(ref _created);

    /// <summary>Timers created and not yet disposed: what a constructor that threw must leave at zero.</summary>
    public int Live => Volatile.Read(ref _live);

    public override DateTimeOffset GetUtcNow() => inner.GetUtcNow();

    public override long TimestampFrequency => inner.TimestampFrequency;

    public override long GetTimestamp() => inner.GetTimestamp();

    public override ITimer CreateTimer(TimerCallback callback, object? state, TimeSpan dueTime, TimeSpan period)
    {
        Interlocked.Increment(ref _created);
        Interlocked.Increment(ref _live);
        return new TrackedTimer(inner.CreateTimer(callback, state, dueTime, period), () => Interlocked.Decrement(ref _live));
    }
}
