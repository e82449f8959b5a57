namespace SoapRouter.Configuration;

/// <summary>
/// When an answer counts as slow: it took longer than <see cref="Threshold"/> and more than <see cref="Factor"/> times the
/// median of the other primaries' mean answer time over the outlier window. A slow answer still goes to the client; for
/// ejection it counts as a failed attempt, so a destination whose answers are mostly slow is ejected like a failing one.
/// </summary>
public sealed record LatencyOutlierConfig
{
    /// <summary>How many times the peers' typical answer time makes an answer slow (more than 1). Default 5.</summary>
    public double Factor { get; init; } = 5;

    /// <summary>Answers faster than this are never slow, whatever the peers do (so 2 ms against 0.3 ms is not judged). Default 1 s.</summary>
    public TimeSpan Threshold { get; init; } = TimeSpan.FromSeconds(1);
}
