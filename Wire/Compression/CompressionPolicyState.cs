namespace SoapRouter.Wire.Compression;

/// <summary>What an adaptive policy knows now: bandwidth, CPU, ratios.</summary>
public sealed record CompressionPolicyState(
    double BandwidthBytesPerSecond,
    bool BandwidthEstimated,
    long BandwidthSamples,
    double? LastCpu,
    CpuLevelCap CpuCap,
    IReadOnlyList<RatioSnapshot> Ratios);
