namespace BackendStub.Hosting;

/// <summary>Adds a fixed latency to each request, timed by an injected <see cref="TimeProvider"/> so tests can use a fake clock.</summary>
public sealed class LatencyInjector
{
    private readonly TimeProvider _timeProvider;

    /// <summary>Creates an injector that delays by <paramref name="latency"/>; zero or less adds nothing.</summary>
    public LatencyInjector(TimeSpan latency, TimeProvider timeProvider)
    {
        ArgumentNullException.ThrowIfNull(timeProvider);
        Latency = latency;
        _timeProvider = timeProvider;
    }

    private long _latencyTicks;

    /// <summary>The latency added to each request; PUT /stub/latency?ms=N changes it while the stub runs.</summary>
    public TimeSpan Latency
    {
        get => TimeSpan.FromTicks(Interlocked.Read(ref _latencyTicks));
        set => Interlocked.Exchange(ref _latencyTicks, value.Ticks);
    }

    /// <summary>Completes after <see cref="Latency"/> on the injected clock; synchronously when there is none.</summary>
    public ValueTask DelayAsync(CancellationToken cancellationToken = default)
    {
        var latency = Latency;
        return latency <= TimeSpan.Zero ? ValueTask.CompletedTask : new ValueTask(Task.Delay(latency, _timeProvider, cancellationToken));
    }
}
