namespace SoapRouter.Wire.Compression;

/// <summary>One link's counters: plain increments (Interlocked), read only when a snapshot is asked for.</summary>
public sealed class CompressionStatistics
{
    private const int Levels = 3;
    private readonly long[] _skipped = new long[Enum.GetValues<CompressionSkipReason>().Length];
    private readonly long[] _chosen = new long[CodecSet.Capacity * Levels];
    private long _compressed;
    private long _probes;
    private long _originalBytes;
    private long _compressedBytes;
    private long _decompressed;
    private long _decompressedBytes;
    private long _bombs;
    private long _corrupt;

    /// <summary>Counts a message that went plain.</summary>
    public void Skipped(CompressionSkipReason reason) => Interlocked.Increment(ref _skipped[(int)reason]);

    /// <summary>Counts a message sent compressed.</summary>
    public void Compressed(CodecId codec, CodecLevel level, int originalLength, int compressedLength, bool isProbe)
    {
        Interlocked.Increment(ref _compressed);
        Interlocked.Increment(ref _chosen[CodecPerformance.Slot(codec, level)]);
        Interlocked.Add(ref _originalBytes, originalLength);
        Interlocked.Add(ref _compressedBytes, compressedLength);
        if (isProbe)
        {
            Interlocked.Increment(ref _probes);
        }
    }

    /// <summary>Counts a message received compressed and decoded.</summary>
    public void Decompressed(int originalLength)
    {
        Interlocked.Increment(ref _decompressed);
        Interlocked.Add(ref _decompressedBytes, originalLength);
    }

    /// <summary>Counts a refused bomb.</summary>
    public void Bomb() => Interlocked.Increment(ref _bombs);

    /// <summary>Counts refused corrupt data.</summary>
    public void Corrupt() => Interlocked.Increment(ref _corrupt);

    /// <summary>The counters now, with the policy's state, named for JSON.</summary>
    public CompressionStatisticsSnapshot Snapshot(CodecRegistry registry, CompressionPolicyState? policy)
    {
        ArgumentNullException.ThrowIfNull(registry);
        var skipped = new Dictionary<string, long>();
        foreach (var reason in Enum.GetValues<CompressionSkipReason>())
        {
            if (reason != CompressionSkipReason.None)
            {
                skipped[JsonName(reason)] = Interlocked.Read(ref _skipped[(int)reason]);
            }
        }

        var chosen = new Dictionary<string, long>();
        foreach (var codec in registry.Codecs)
        {
            foreach (var level in Enum.GetValues<CodecLevel>())
            {
                var count = Interlocked.Read(ref _chosen[CodecPerformance.Slot(codec.Id, level)]);
                if (count > 0)
                {
                    chosen[$"{codec.Name}/{JsonName(level)}"] = count;
                }
            }
        }

        var original = Interlocked.Read(ref _originalBytes);
        var compressed = Interlocked.Read(ref _compressedBytes);
        return new CompressionStatisticsSnapshot
        {
            Compressed = Interlocked.Read(ref _compressed),
            Probes = Interlocked.Read(ref _probes),
            Skipped = skipped,
            OriginalBytes = original,
            CompressedBytes = compressed,
            BytesSaved = original - compressed,
            CodecsChosen = chosen,
            Decompressed = Interlocked.Read(ref _decompressed),
            DecompressedBytes = Interlocked.Read(ref _decompressedBytes),
            BombsRefused = Interlocked.Read(ref _bombs),
            CorruptRefused = Interlocked.Read(ref _corrupt),
            BandwidthBytesPerSecond = policy?.BandwidthBytesPerSecond,
            BandwidthEstimated = policy?.BandwidthEstimated ?? false,
            Cpu = policy?.LastCpu,
            CpuCap = policy is null ? null : JsonName(policy.CpuCap),
            Ratios = policy?.Ratios ?? [],
        };
    }

    /// <summary>The camelCase name of an enum value, as router.json and the admin endpoint spell it.</summary>
    internal static string JsonName<T>(T value)
        where T : struct, Enum
    {
        var name = value.ToString();
        return string.Concat(name[..1].ToLowerInvariant(), name[1..]);
    }
}
