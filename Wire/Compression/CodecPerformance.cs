namespace SoapRouter.Wire.Compression;

/// <summary>
/// Each codec level's speed, seeded from <see cref="CodecSpeedTable"/> and learned online from timed compressions and
/// decompressions (moving averages), and its usual ratio on a medium message (the seed, not learned: what one action
/// compresses to is the ratio table's business; this only says how codec levels compare). Speed is a property of the machine, so one instance can serve
/// every link of a process. Thread-safe, lock-free.
/// </summary>
public sealed class CodecPerformance
{
    /// <summary>Messages smaller than this do not teach speed: fixed costs and timer resolution dominate them.</summary>
    public const int MinSpeedSampleBytes = 8 * 1024;

    private const int Levels = 3;
    private readonly double[] _compressBytesPerSecond = new double[CodecSet.Capacity * Levels];
    private readonly double[] _decompressBytesPerSecond = new double[CodecSet.Capacity * Levels];
    private readonly double[] _ratio = new double[CodecSet.Capacity * Levels];
    private readonly double _smoothing;

    /// <summary>
    /// Starts from <paramref name="seed"/> (default <see cref="CodecSpeedTable.Get"/>), learning with weight
    /// <paramref name="smoothing"/> per sample.
    /// </summary>
    public CodecPerformance(Func<CodecId, CodecLevel, CodecSpeed>? seed = null, double smoothing = 0.1)
    {
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(smoothing);
        ArgumentOutOfRangeException.ThrowIfGreaterThan(smoothing, 1);
        seed ??= CodecSpeedTable.Get;
        _smoothing = smoothing;
        for (var id = 0; id < CodecSet.Capacity; id++)
        {
            foreach (var level in Enum.GetValues<CodecLevel>())
            {
                var speed = seed((CodecId)id, level);
                var slot = Slot((CodecId)id, level);
                _compressBytesPerSecond[slot] = Math.Max(speed.CompressMBps, 1e-3) * 1e6;
                _decompressBytesPerSecond[slot] = Math.Max(speed.DecompressMBps, 1e-3) * 1e6;
                _ratio[slot] = speed.Ratio;
            }
        }
    }

    /// <summary>The index of a (codec, level) pair.</summary>
    public static int Slot(CodecId codec, CodecLevel level) => ((int)codec * Levels) + (int)level;

    /// <summary>What is known now of <paramref name="codec"/> at <paramref name="level"/>.</summary>
    public CodecSpeed Get(CodecId codec, CodecLevel level)
    {
        var slot = Slot(codec, level);
        return new CodecSpeed(
            Volatile.Read(ref _compressBytesPerSecond[slot]) / 1e6,
            Volatile.Read(ref _decompressBytesPerSecond[slot]) / 1e6,
            Volatile.Read(ref _ratio[slot]));
    }

    /// <summary>The usual ratio of a slot.</summary>
    internal double Ratio(int slot) => Volatile.Read(ref _ratio[slot]);

    /// <summary>Seconds to compress and decompress <paramref name="length"/> bytes at a slot.</summary>
    internal double RoundTripSeconds(int slot, int length) =>
        (length / Volatile.Read(ref _compressBytesPerSecond[slot])) + (length / Volatile.Read(ref _decompressBytesPerSecond[slot]));

    /// <summary>Learns from one compression.</summary>
    public void RecordCompression(CodecId codec, CodecLevel level, int originalLength, int compressedLength, TimeSpan elapsed)
    {
        if (originalLength <= 0)
        {
            return;
        }

        var slot = Slot(codec, level);
        if (originalLength >= MinSpeedSampleBytes && elapsed > TimeSpan.Zero)
        {
            Ewma.Update(ref _compressBytesPerSecond[slot], originalLength / elapsed.TotalSeconds, _smoothing);
        }
    }

    /// <summary>Learns from one decompression (the level is not on the wire, so every level of the codec learns).</summary>
    public void RecordDecompression(CodecId codec, int originalLength, TimeSpan elapsed)
    {
        if (originalLength < MinSpeedSampleBytes || elapsed <= TimeSpan.Zero)
        {
            return;
        }

        var speed = originalLength / elapsed.TotalSeconds;
        foreach (var level in Enum.GetValues<CodecLevel>())
        {
            Ewma.Update(ref _decompressBytesPerSecond[Slot(codec, level)], speed, _smoothing);
        }
    }
}
