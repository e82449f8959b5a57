namespace SoapRouter.Configuration;

/// <summary>
/// Passive health: a destination whose attempts fail (a share of them in a window, or several in a row), or whose answers
/// are far slower than its peers' when <see cref="Latency"/> is set, is ejected (not chosen) for a while, longer each time
/// it is ejected again; at most <see cref="MaxEjectionPercent"/> of a cluster's primaries are left out at once.
/// </summary>
public sealed record OutlierDetectionConfig
{
    /// <summary>False turns passive ejection off for the cluster. Default true.</summary>
    public bool Enabled { get; init; } = true;

    /// <summary>Share of failed attempts within <see cref="SamplingDuration"/> that ejects (0.0-1.0]. Default 0.5.</summary>
    public double FailureRatio { get; init; } = 0.5;

    /// <summary>Attempts within the window before the ratio is judged (2 or more). Default 5: five straight failures eject.</summary>
    public int MinimumThroughput { get; init; } = 5;

    /// <summary>
    /// Failed attempts in a row that eject at once, whatever the window's ratio (Envoy's consecutive_5xx): a destination
    /// that goes silent is taken out after a handful of timeouts rather than once its earlier successes have left the
    /// window. 0 turns it off. Default 5.
    /// </summary>
    public int ConsecutiveFailures { get; init; } = 5;

    /// <summary>Latency outliers: answers this much slower than the other primaries' count as failed attempts. Null (the default): latency is not judged.</summary>
    public LatencyOutlierConfig? Latency { get; init; }

    /// <summary>The window failures are counted in (at least 0.5 s). Default 10 s.</summary>
    public TimeSpan SamplingDuration { get; init; } = TimeSpan.FromSeconds(10);

    /// <summary>The first ejection's length (at least 0.5 s); each ejection in a row doubles it. Default 5 s.</summary>
    public TimeSpan BaseEjectionTime { get; init; } = TimeSpan.FromSeconds(5);

    /// <summary>The longest ejection. Default 5 min.</summary>
    public TimeSpan MaxEjectionTime { get; init; } = TimeSpan.FromMinutes(5);

    /// <summary>Share of primaries that may be ejected at once (0-100); past it, ejected ones are chosen again. Default 50.</summary>
    public int MaxEjectionPercent { get; init; } = 50;
}
