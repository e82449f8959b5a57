namespace SoapRouter.Wire.Compression;

/// <summary>
/// The default policy (the seed's rules, and what they lacked). In order: off or mode none; below the size limit or
/// every enabled level's threshold; the peer accepts none of our codecs; (mode always stops here, with the first
/// codec at the highest level the size allows); the CPU governor's cap; the (action, size bucket)'s ratio, with
/// re-probes; and what pays on this link: for each codec and level the size and CPU allow, the wire time saved
/// (bytes saved over bandwidth) minus the compress and decompress time (from <see cref="CodecPerformance"/>), the
/// best positive one winning, ties to the earlier codec in the options.
/// </summary>
public sealed class AdaptiveCompressionSelector : ICompressionSelector
{
    private readonly CompressionOptions _options;
    private readonly ICompressionCodec[] _codecs;
    private readonly TimeProvider _time;
    private readonly CpuGovernor _cpu;
    private readonly RatioTable _ratios = new();
    private readonly BandwidthEstimator _bandwidth;

    /// <summary>Creates the policy of one link.</summary>
    public AdaptiveCompressionSelector(
        CompressionOptions options, CodecRegistry? registry = null, ICpuSampler? cpu = null, TimeProvider? time = null, CodecPerformance? performance = null)
    {
        ArgumentNullException.ThrowIfNull(options);
        _options = options;
        _time = time ?? TimeProvider.System;
        _codecs = ResolveCodecs(options, registry ?? CodecRegistry.Default);
        _cpu = new CpuGovernor(cpu ?? MachineCpuSampler.For(options.CpuSource, _time), _time, options);
        _bandwidth = new BandwidthEstimator(options);
        Performance = performance ?? new CodecPerformance();
    }

    /// <summary>The codecs this link may use, in preference order.</summary>
    public IReadOnlyList<ICompressionCodec> Codecs => _codecs;

    /// <summary>The speeds and ratios the pay decision uses.</summary>
    public CodecPerformance Performance { get; }

    /// <summary>The bandwidth the pay decision uses now, in bytes per second.</summary>
    public double BandwidthBytesPerSecond => _bandwidth.BytesPerSecond;

    /// <inheritdoc />
    public CompressionChoice Choose(in CompressionRequest request)
    {
        if (!_options.Enabled || _options.Mode == LinkCompressionMode.None)
        {
            return CompressionChoice.Skip(CompressionSkipReason.Disabled);
        }

        var length = request.Length;
        var top = HighestLevel(length);
        if (length < _options.MinSize || top is null)
        {
            return CompressionChoice.Skip(CompressionSkipReason.TooSmall);
        }

        var first = FirstAccepted(request.PeerAccepts);
        if (first is null)
        {
            return CompressionChoice.Skip(CompressionSkipReason.PeerCannot);
        }

        if (_options.Mode == LinkCompressionMode.Always)
        {
            return CompressionChoice.Use(first, top.Value);
        }

        var cap = _cpu.Current();
        if (cap == CpuLevelCap.Off)
        {
            return CompressionChoice.Skip(CompressionSkipReason.Cpu);
        }

        var cell = _ratios.Get(request.Action, length);
        var now = _time.GetTimestamp();
        var verdict = cell.Decide(now, _options, _time.TimestampFrequency);
        if (verdict == RatioVerdict.PoorRatio)
        {
            return CompressionChoice.Skip(CompressionSkipReason.PoorRatio);
        }

        // A probe asks whether the content changed, so it plans with the codecs' usual ratio, not the cell's bad one.
        var probe = verdict == RatioVerdict.Probe;
        var (cellRatio, cellSlot) = probe ? (double.NaN, -1) : cell.Expected();
        var bandwidth = PlanningBandwidth(request);
        var choice = ChooseByPay(request.PeerAccepts, length, bandwidth, cap, cellRatio, cellSlot, probe);
        if (choice.Reason != CompressionSkipReason.WouldNotPay || double.IsNaN(cellRatio))
        {
            return choice;
        }

        // This pair's own ratio is what says no, so nothing would ever update it: probe it on the re-probe schedule,
        // or a change in its content would go unnoticed. Worse than the limit, the skip is a poor ratio.
        if (cell.DueForProbe(now, _options, _time.TimestampFrequency))
        {
            return ChooseByPay(request.PeerAccepts, length, bandwidth, cap, double.NaN, -1, probe: true);
        }

        return cellRatio > _options.RatioLimit ? CompressionChoice.Skip(CompressionSkipReason.PoorRatio) : choice;
    }

    /// <inheritdoc />
    public void OnCompressed(in CompressionSample sample)
    {
        Performance.RecordCompression(sample.Codec, sample.Level, sample.OriginalLength, sample.CompressedLength, sample.Elapsed);
        if (sample.OriginalLength > 0)
        {
            _ratios.Get(sample.Action, sample.OriginalLength)
                .Record(sample.Ratio, sample.IsProbe, CodecPerformance.Slot(sample.Codec, sample.Level), _time.GetTimestamp(), _options);
        }
    }

    /// <inheritdoc />
    public void OnSent(long bytes, TimeSpan elapsed) => _bandwidth.Record(bytes, elapsed);

    /// <inheritdoc />
    public void OnTransferTimed(long bytes, TimeSpan elapsed) => _bandwidth.RecordTimed(bytes, elapsed);

    /// <inheritdoc />
    public void OnRateMeasured(double bytesPerSecond, bool applicationLimited) => _bandwidth.RecordRate(bytesPerSecond, applicationLimited);

    /// <inheritdoc />
    public void OnDecompressed(CodecId codec, int compressedLength, int originalLength, TimeSpan elapsed) =>
        Performance.RecordDecompression(codec, originalLength, elapsed);

    /// <inheritdoc />
    public CompressionPolicyState GetState() => new(
        _bandwidth.BytesPerSecond,
        _bandwidth.IsEstimated,
        _bandwidth.Samples,
        double.IsNaN(_cpu.LastCpu) ? null : _cpu.LastCpu,
        _cpu.Peek(),
        _ratios.Snapshot());

    // A configured bandwidth is the operator's word for every peer; else this peer's own estimate, else the link's.
    private double PlanningBandwidth(in CompressionRequest request) =>
        _options.BandwidthBytesPerSecond ?? request.PeerBytesPerSecond ?? _bandwidth.BytesPerSecond;

    private CompressionChoice ChooseByPay(CodecSet accepts, int length, double bandwidth, CpuLevelCap cap, double cellRatio, int cellSlot, bool probe)
    {
        ICompressionCodec? best = null;
        var bestLevel = CodecLevel.Fast;
        var bestGain = 0.0;
        var anyLevelUnderCap = false;
        foreach (var codec in _codecs)
        {
            if (!accepts.Contains(codec.Id))
            {
                continue;
            }

            for (var level = CodecLevel.Fast; level <= CodecLevel.Max; level++)
            {
                if (!Allows(level, length))
                {
                    continue;
                }

                if ((int)level >= (int)cap)
                {
                    continue;
                }

                anyLevelUnderCap = true;
                var slot = CodecPerformance.Slot(codec.Id, level);
                var ratio = ExpectedRatio(cellRatio, cellSlot, slot);
                var gain = (length * (1 - ratio) / bandwidth) - Performance.RoundTripSeconds(slot, length);
                if (gain > bestGain)
                {
                    best = codec;
                    bestLevel = level;
                    bestGain = gain;
                }
            }
        }

        if (best is not null)
        {
            return CompressionChoice.Use(best, bestLevel, probe);
        }

        return CompressionChoice.Skip(anyLevelUnderCap ? CompressionSkipReason.WouldNotPay : CompressionSkipReason.Cpu);
    }

    // The cell's ratio was made by one codec level; another codec level is expected to do as much better or worse
    // as it does on average.
    private double ExpectedRatio(double cellRatio, int cellSlot, int slot)
    {
        var usual = Performance.Ratio(slot);
        if (double.IsNaN(cellRatio))
        {
            return usual;
        }

        var scaled = cellSlot < 0 ? cellRatio : cellRatio * usual / Math.Max(Performance.Ratio(cellSlot), 1e-3);
        return Math.Clamp(scaled, 0, 2);
    }

    private CodecLevel? HighestLevel(int length)
    {
        for (var level = CodecLevel.Max; level >= CodecLevel.Fast; level--)
        {
            if (Allows(level, length))
            {
                return level;
            }
        }

        return null;
    }

    private bool Allows(CodecLevel level, int length)
    {
        var threshold = level switch
        {
            CodecLevel.Fast => _options.FastThreshold,
            CodecLevel.Normal => _options.NormalThreshold,
            _ => _options.MaxThreshold,
        };
        return threshold >= 0 && length >= threshold && length >= _options.MinSize;
    }

    private ICompressionCodec? FirstAccepted(CodecSet accepts)
    {
        foreach (var codec in _codecs)
        {
            if (accepts.Contains(codec.Id))
            {
                return codec;
            }
        }

        return null;
    }

    /// <summary>The options' codecs that <paramref name="registry"/> knows, in order, without none or repeats.</summary>
    internal static ICompressionCodec[] ResolveCodecs(CompressionOptions options, CodecRegistry registry)
    {
        registry.Check(options.Codecs, out var codecs);
        return [.. codecs];
    }
}
