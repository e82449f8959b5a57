namespace SoapRouter.Wire.Compression;

/// <summary>
/// One link's compression policy (router.json's <c>listeners[].compression</c> and <c>destinations[].compression</c>,
/// or a tool's options). Immutable; a reload builds a new link. <see cref="Validate"/> lists every error at once.
/// </summary>
public sealed record CompressionOptions
{
    /// <summary>The policy the seed's experiment called adaptive.</summary>
    public static CompressionOptions Default { get; } = new();

    /// <summary>False: the link neither compresses nor advertises codecs (compressed input is still decoded under the cap).</summary>
    public bool Enabled { get; init; } = true;

    /// <summary>How sends are compressed.</summary>
    public LinkCompressionMode Mode { get; init; } = LinkCompressionMode.Adaptive;

    /// <summary>How compressed requests are marked for the peer (a reply always follows the request's Accept-Encoding).</summary>
    public CompressionWireForm Form { get; init; } = CompressionWireForm.Adaptive;

    /// <summary>The codecs this link may use, in preference order (ties in the pay estimate go to the earlier one).</summary>
    public IReadOnlyList<string> Codecs { get; init; } =
        [CompressionCodecNames.Lz4, CompressionCodecNames.Zstd, CompressionCodecNames.Brotli, CompressionCodecNames.GZip, CompressionCodecNames.Deflate];

    /// <summary>Messages smaller than this (bytes) are never compressed (the seed's NoCompressionLimit).</summary>
    public int MinSize { get; init; } = 1024;

    /// <summary>Smallest message (bytes) for the fast level; -1 disables the level.</summary>
    public int FastThreshold { get; init; } = 1024;

    /// <summary>Smallest message (bytes) for the normal level; -1 disables the level.</summary>
    public int NormalThreshold { get; init; } = 8 * 1024;

    /// <summary>Smallest message (bytes) for the max level; -1 disables the level.</summary>
    public int MaxThreshold { get; init; } = 64 * 1024;

    /// <summary>Process CPU (0..1) above which compression steps down (max, normal, fast, off); 1 never backs off.</summary>
    public double CpuLimit { get; init; } = 0.7;

    /// <summary>Process CPU (0..1) below which compression steps back up; below <see cref="CpuLimit"/> for hysteresis.</summary>
    public double CpuResume { get; init; } = 0.5;

    /// <summary>
    /// Whose CPU the limits apply to: this process's over the cores .NET sees (default: right in a container with a CPU
    /// limit, and the same as the machine's where the router has the machine to itself) or the machine's (a shared host).
    /// </summary>
    public CpuSource CpuSource { get; init; } = CpuSource.Process;

    /// <summary>How often the CPU is sampled (each sample may take one step down).</summary>
    public TimeSpan CpuSampleInterval { get; init; } = TimeSpan.FromSeconds(1);

    /// <summary>How long after the last step the CPU must stay below <see cref="CpuResume"/> before one step up.</summary>
    public TimeSpan CpuHold { get; init; } = TimeSpan.FromSeconds(5);

    /// <summary>Compressed size over original size (0..1) above which an (action, size bucket) stops being compressed; 1 never stops.</summary>
    public double RatioLimit { get; init; } = 0.7;

    /// <summary>How many compressed messages of an (action, size bucket) before its ratio may switch it off.</summary>
    public int RatioMinSamples { get; init; } = 3;

    /// <summary>The weight of a new sample in every moving average (0..1].</summary>
    public double Smoothing { get; init; } = 0.2;

    /// <summary>A switched-off (action, size bucket) is compressed again once after this many skipped messages; 0: never by count.</summary>
    public int ReprobeEvery { get; init; } = 200;

    /// <summary>A switched-off (action, size bucket) is compressed again once after this long; zero: never by time.</summary>
    public TimeSpan ReprobeInterval { get; init; } = TimeSpan.FromSeconds(30);

    /// <summary>The link's bandwidth in bytes per second; null: estimated from send timings.</summary>
    public long? BandwidthBytesPerSecond { get; init; }

    /// <summary>The bandwidth assumed until the estimate has samples (12.5 MB/s is 100 Mbit/s).</summary>
    public long AssumedBandwidthBytesPerSecond { get; init; } = 12_500_000;

    /// <summary>Every error in these options, each naming its setting under <paramref name="path"/>; empty when valid.</summary>
    public IReadOnlyList<string> Validate(string path = "compression", CodecRegistry? registry = null)
    {
        registry ??= CodecRegistry.Default;
        var errors = new List<string>();
        if (!Enum.IsDefined(Mode))
        {
            errors.Add($"{path}.mode must be none, always or adaptive.");
        }

        if (!Enum.IsDefined(Form))
        {
            errors.Add($"{path}.form must be adaptive or wcf.");
        }

        if (!Enum.IsDefined(CpuSource))
        {
            errors.Add($"{path}.cpuSource must be machine or process.");
        }

        ValidateCodecs(path, registry, errors);
        if (Form == CompressionWireForm.Wcf && Codecs is not null
            && Codecs.FirstOrDefault(name => !string.Equals(name, CompressionCodecNames.GZip, StringComparison.OrdinalIgnoreCase)
                && !string.Equals(name, CompressionCodecNames.Deflate, StringComparison.OrdinalIgnoreCase)) is { } other)
        {
            errors.Add($"{path}.codecs: the wcf form carries gzip and deflate only (WCF's +gzip and +deflate), not '{other}'.");
        }
        if (MinSize < 0)
        {
            errors.Add($"{path}.minSize must be 0 or more bytes (it is {MinSize}).");
        }

        CheckThreshold(errors, path, "fastThreshold", FastThreshold);
        CheckThreshold(errors, path, "normalThreshold", NormalThreshold);
        CheckThreshold(errors, path, "maxThreshold", MaxThreshold);
        CheckOrder(errors, path, ("fastThreshold", FastThreshold), ("normalThreshold", NormalThreshold), ("maxThreshold", MaxThreshold));
        if (Enabled && Mode != LinkCompressionMode.None && FastThreshold < 0 && NormalThreshold < 0 && MaxThreshold < 0)
        {
            errors.Add($"{path}: every level is disabled (-1), so nothing would be compressed; set mode to none instead.");
        }

        CheckFraction(errors, path, "cpuLimit", CpuLimit, allowZero: false);
        CheckFraction(errors, path, "cpuResume", CpuResume, allowZero: true);
        if (CpuResume > CpuLimit)
        {
            errors.Add($"{path}.cpuResume ({CpuResume}) must not be above cpuLimit ({CpuLimit}), or compression would flap.");
        }

        CheckPositive(errors, path, "cpuSampleInterval", CpuSampleInterval);
        CheckNotNegative(errors, path, "cpuHold", CpuHold);
        CheckFraction(errors, path, "ratioLimit", RatioLimit, allowZero: false);
        if (RatioMinSamples < 1)
        {
            errors.Add($"{path}.ratioMinSamples must be at least 1 (it is {RatioMinSamples}).");
        }

        if (!(Smoothing > 0 && Smoothing <= 1))
        {
            errors.Add($"{path}.smoothing must be above 0 and at most 1 (it is {Smoothing}).");
        }

        if (ReprobeEvery < 0)
        {
            errors.Add($"{path}.reprobeEvery must be 0 (off) or a count of messages (it is {ReprobeEvery}).");
        }

        CheckNotNegative(errors, path, "reprobeInterval", ReprobeInterval);
        if (ReprobeEvery == 0 && ReprobeInterval == TimeSpan.Zero && RatioLimit < 1)
        {
            errors.Add($"{path}: reprobeEvery and reprobeInterval are both off, so an action switched off for its ratio would never be compressed again.");
        }

        if (BandwidthBytesPerSecond is <= 0)
        {
            errors.Add($"{path}.bandwidthBytesPerSecond must be above 0, or absent to estimate it (it is {BandwidthBytesPerSecond}).");
        }

        if (AssumedBandwidthBytesPerSecond <= 0)
        {
            errors.Add($"{path}.assumedBandwidthBytesPerSecond must be above 0 (it is {AssumedBandwidthBytesPerSecond}).");
        }

        return errors;
    }

    private void ValidateCodecs(string path, CodecRegistry registry, List<string> errors)
    {
        if (Codecs is null || Codecs.Count == 0)
        {
            if (Enabled && Mode != LinkCompressionMode.None)
            {
                errors.Add($"{path}.codecs must name at least one codec.");
            }

            return;
        }

        foreach (var (i, name, problem) in registry.Check(Codecs, out _))
        {
            errors.Add(problem switch
            {
                CodecListProblem.Unknown => $"{path}.codecs[{i}]: unknown codec '{name}' (known: {string.Join(", ", registry.Codecs.Select(c => c.Name))}).",
                CodecListProblem.None => $"{path}.codecs[{i}]: 'none' is not a codec to choose; leave it out (identity is always allowed).",
                _ => $"{path}.codecs[{i}]: '{name}' is listed twice.",
            });
        }
    }

    private static void CheckThreshold(List<string> errors, string path, string name, int value)
    {
        if (value < -1)
        {
            errors.Add($"{path}.{name} must be -1 (disabled) or a size in bytes (it is {value}).");
        }
    }

    private static void CheckOrder(List<string> errors, string path, params (string Name, int Value)[] thresholds)
    {
        for (var i = 0; i < thresholds.Length; i++)
        {
            for (var j = i + 1; j < thresholds.Length; j++)
            {
                if (thresholds[i].Value >= 0 && thresholds[j].Value >= 0 && thresholds[j].Value < thresholds[i].Value)
                {
                    errors.Add($"{path}.{thresholds[j].Name} ({thresholds[j].Value}) must not be below {thresholds[i].Name} ({thresholds[i].Value}).");
                }
            }
        }
    }

    private static void CheckFraction(List<string> errors, string path, string name, double value, bool allowZero)
    {
        if (double.IsNaN(value) || value > 1 || value < 0 || (!allowZero && value == 0))
        {
            errors.Add($"{path}.{name} must be a fraction {(allowZero ? "from 0" : "above 0")} to 1 (it is {value}).");
        }
    }

    private static void CheckPositive(List<string> errors, string path, string name, TimeSpan value)
    {
        if (value <= TimeSpan.Zero)
        {
            errors.Add($"{path}.{name} must be above zero (it is {value}).");
        }
    }

    private static void CheckNotNegative(List<string> errors, string path, string name, TimeSpan value)
    {
        if (value < TimeSpan.Zero)
        {
            errors.Add($"{path}.{name} must not be negative (it is {value}).");
        }
    }
}
