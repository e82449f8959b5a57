namespace SoapRouter.Hosting;

/// <summary>
/// Set once a stop signal has come: /health answers 503 "draining", HTTP answers carry <c>Connection: close</c> and a
/// listener's GET (what a load balancer in front checks) answers 503, while the listeners still serve for
/// <c>shutdown.drainDelay</c>. One per router host.
/// </summary>
internal sealed class DrainSignal
{
    private long _sinceUtcTicks;

    /// <summary>True once the router is draining.</summary>
    public bool IsDraining => Volatile.Read(ref _sinceUtcTicks) != 0;

    /// <summary>When draining began; null before.</summary>
    public DateTimeOffset? Since => Volatile.Read(ref _sinceUtcTicks) is var ticks and not 0 ? new DateTimeOffset(ticks, TimeSpan.Zero) : null;

    /// <summary>Marks the router as draining from <paramref name="now"/> on; later calls change nothing.</summary>
    public void Begin(DateTimeOffset now) => Interlocked.CompareExchange(ref _sinceUtcTicks, now.UtcTicks, 0);
}
