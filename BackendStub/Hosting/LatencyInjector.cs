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

    /// <summary>The latency added to each request.</summary>
    public TimeSpan Latency { get; }

    /// <summary>Completes after <see cref="Latency"/> on the injected clock; synchronously when there is none.</summary>
    public ValueTask DelayAsync(CancellationToken cancellationToken = default) => Latency <= TimeSpan.Zero
        ? ValueTask.CompletedTask
        : new ValueTask(Task.Delay(Latency, _timeProvider, cancellationToken));
}
