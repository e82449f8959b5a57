namespace SoapRouter.Tests.Support;

/// <summary>A timer of <see cref="FakeTimeProvider"/>; its schedule is kept (and guarded) by the provider.</summary>
internal sealed class FakeTimer(FakeTimeProvider provider, TimerCallback callback, object? state) : ITimer
{
    private bool _disposed;

    /// <summary>Clock ticks at which the timer fires next; -1 when stopped.</summary>
    internal long DueTicks { get; set; } = -1;

    /// <summary>Ticks between firings; 0 for a one-shot timer.</summary>
    internal long PeriodTicks { get; set; }

    public bool Change(TimeSpan dueTime, TimeSpan period)
    {
        // A disposed System.Threading.Timer refuses changes the same way.
        if (Volatile.Read(ref _disposed))
        {
            return false;
        }

        provider.Schedule(this, dueTime, period);
        return true;
    }

    public void Dispose()
    {
        Volatile.Write(ref _disposed, true);
        provider.Remove(this);
    }

    public ValueTask DisposeAsync()
    {
        Dispose();
        return ValueTask.CompletedTask;
    }

    internal void Fire() => callback(state);
}
