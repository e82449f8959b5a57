namespace SoapRouter.Configuration;

/// <summary>
/// A minimum data rate (Kestrel's MinDataRate): a client slower than <see cref="BytesPerSecond"/>, once
/// <see cref="GracePeriod"/> has passed, is disconnected. Kestrel's defaults: 240 B/s after 5 s.
/// </summary>
public sealed record DataRateConfig
{
    /// <summary>The slowest rate allowed, in bytes per second; 0 turns the minimum off. Default 240.</summary>
    public double BytesPerSecond { get; init; } = 240;

    /// <summary>How long a client may stay below the rate before it is cut off; more than 1 s (Kestrel checks once a second). Default 5 s.</summary>
    public TimeSpan GracePeriod { get; init; } = TimeSpan.FromSeconds(5);
}
