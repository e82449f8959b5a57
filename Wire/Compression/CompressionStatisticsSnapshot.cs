namespace SoapRouter.Wire.Compression;

/// <summary>One link's compression statistics at a moment, shaped for the admin endpoint's JSON.</summary>
public sealed record CompressionStatisticsSnapshot
{
    /// <summary>Messages sent compressed.</summary>
    public long Compressed { get; init; }

    /// <summary>Of those, probes of a switched-off (action, size bucket).</summary>
    public long Probes { get; init; }

    /// <summary>Messages sent plain, by reason (disabled, tooSmall, peerCannot, cpu, poorRatio, wouldNotPay, notSmaller).</summary>
    public IReadOnlyDictionary<string, long> Skipped { get; init; } = new Dictionary<string, long>();

    /// <summary>The original bytes of the messages sent compressed.</summary>
    public long OriginalBytes { get; init; }

    /// <summary>What they took compressed.</summary>
    public long CompressedBytes { get; init; }

    /// <summary>The difference.</summary>
    public long BytesSaved { get; init; }

    /// <summary>How often each codec/level was used (e.g. <c>lz4/fast</c>).</summary>
    public IReadOnlyDictionary<string, long> CodecsChosen { get; init; } = new Dictionary<string, long>();

    /// <summary>Compressed messages received and decoded.</summary>
    public long Decompressed { get; init; }

    /// <summary>Their decoded bytes.</summary>
    public long DecompressedBytes { get; init; }

    /// <summary>Received messages refused for expanding past the cap.</summary>
    public long BombsRefused { get; init; }

    /// <summary>Received messages refused as corrupt.</summary>
    public long CorruptRefused { get; init; }

    /// <summary>The bandwidth the policy plans with, bytes per second (null: no adaptive policy).</summary>
    public double? BandwidthBytesPerSecond { get; init; }

    /// <summary>Whether that bandwidth was measured rather than configured or assumed.</summary>
    public bool BandwidthEstimated { get; init; }

    /// <summary>The last CPU sample (0..1).</summary>
    public double? Cpu { get; init; }

    /// <summary>The CPU governor's cap: max, normal, fast or off.</summary>
    public string? CpuCap { get; init; }

    /// <summary>The ratio per (action, size bucket).</summary>
    public IReadOnlyList<RatioSnapshot> Ratios { get; init; } = [];
}
