namespace SoapRouter.Configuration;

/// <summary>Router-wide compression settings (each link's own policy is under its listener or destination).</summary>
public sealed record CompressionConfig
{
    /// <summary>The per-client bandwidth estimates of adaptive listeners.</summary>
    public LinkEstimatesConfig LinkEstimates { get; init; } = new();
}
