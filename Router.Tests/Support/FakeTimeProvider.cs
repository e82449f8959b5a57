namespace SoapRouter.Tests.Support;

/// <summary>A manually advanced clock (the package with Microsoft's FakeTimeProvider is not in our package source).</summary>
internal sealed class FakeTimeProvider : TimeProvider
{
    private DateTimeOffset _now;
    private long _ticks;

    public FakeTimeProvider(DateTimeOffset? start = null) => _now = start ?? new DateTimeOffset(2026, 1, 1, 0, 0, 0, TimeSpan.Zero);

    public override DateTimeOffset GetUtcNow() => _now;

    public override long TimestampFrequency => TimeSpan.TicksPerSecond;

    public override long GetTimestamp() => _ticks;

    /// <summary>Moves the clock forward.</summary>
    public void Advance(TimeSpan by)
    {
        _now += by;
        _ticks += by.Ticks;
    }
}
