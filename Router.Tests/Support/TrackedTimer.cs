namespace SoapRouter.Tests.Support;

/// <summary>A timer of <see cref="TrackingTimeProvider"/>: reports its first dispose, otherwise forwards to the inner timer.</summary>
internal sealed class TrackedTimer(ITimer inner, Action onDisposed) : ITimer
{
    private int _disposed;

    public bool Change(TimeSpan dueTime, TimeSpan period) => inner.Change(dueTime, period);

    public void Dispose()
    {
        if (Interlocked.Exchange(ref _disposed, 1) == 0)
        {
            onDisposed();
        }

        inner.Dispose();
    }

    public ValueTask DisposeAsync()
    {
        Dispose();
        return ValueTask.CompletedTask;
    }
}
