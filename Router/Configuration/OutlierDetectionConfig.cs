namespace SoapRouter.Configuration;

/// <summary>
/// Passive health: a destination whose attempts fail is ejected (not chosen) for a while, longer each time it is
/// ejected again; at most <see cref="MaxEjectionPercent"/> of a cluster's primaries are left out at once.
/// </summary>
public sealed record OutlierDetectionConfig
{
    /// <summary>False turns passive ejection off for the cluster. Default true.</summary>
    public bool Enabled { get; init; } = true;

    /// <summary>Share of failed attempts within <see cref="SamplingDuration"/> that ejects (0.0-1.0]. Default 0.5.</summary>
    public double FailureRatio { get; init; } = 0.5;

    /// <summary>Attempts within the window before the ratio is judged (2 or more). Default 5: five straight failures eject.</summary>
    public int MinimumThroughput { get; init; } = 5;

    /// <summary>The window failures are counted in (at least 0.5 s). Default 10 s.</summary>
    public TimeSpan SamplingDuration { get; init; } = TimeSpan.FromSeconds(10);

    /// <summary>The first ejection's length (at least 0.5 s); each ejection in a row doubles it. Default 5 s.</summary>
    public TimeSpan BaseEjectionTime { get; init; } = TimeSpan.FromSeconds(5);

    /// <summary>The longest ejection. Default 5 min.</summary>
    public TimeSpan MaxEjectionTime { get; init; } = TimeSpan.FromMinutes(5);

    /// <summary>Share of primaries that may be ejected at once (0-100); past it, ejected ones are chosen again. Default 50.</summary>
    public int MaxEjectionPercent { get; init; } = 50;
}
