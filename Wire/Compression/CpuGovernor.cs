namespace SoapRouter.Wire.Compression;

/// <summary>
/// Backs compression off one level per CPU sample above the limit (max, normal, fast, off) and brings it back one
/// level at a time, only after the CPU has stayed below the resume threshold for the hold time since the last step:
/// the gap between the thresholds and the hold are the hysteresis.
/// </summary>
internal sealed class CpuGovernor
{
    private readonly ICpuSampler _sampler;
    private readonly TimeProvider _time;
    private readonly CompressionOptions _options;
    private readonly Lock _gate = new();
    private long _nextSample;
    private long _lastStep;
    private long _belowSince = -1;
    private int _cap = (int)CpuLevelCap.Max;
    private double _lastCpu = double.NaN;

    public CpuGovernor(ICpuSampler sampler, TimeProvider time, CompressionOptions options)
    {
        _sampler = sampler;
        _time = time;
        _options = options;
        _nextSample = time.GetTimestamp();
        _lastStep = _nextSample;
    }

    /// <summary>The CPU of the last sample (NaN before the first).</summary>
    public double LastCpu => Volatile.Read(ref _lastCpu);

    /// <summary>The cap now, sampling the CPU first when a sample is due.</summary>
    public CpuLevelCap Current()
    {
        var now = _time.GetTimestamp();
        if (now >= Volatile.Read(ref _nextSample))
        {
            lock (_gate)
            {
                if (now >= _nextSample)
                {
                    _nextSample = now + ToTicks(_options.CpuSampleInterval);
                    Step(now, _sampler.Sample());
                }
            }
        }

        return (CpuLevelCap)Volatile.Read(ref _cap);
    }

    /// <summary>The cap without sampling, for statistics.</summary>
    public CpuLevelCap Peek() => (CpuLevelCap)Volatile.Read(ref _cap);

    private void Step(long now, double cpu)
    {
        Volatile.Write(ref _lastCpu, cpu);
        if (cpu > _options.CpuLimit)
        {
            _belowSince = -1;
            if (_cap > (int)CpuLevelCap.Off)
            {
                Volatile.Write(ref _cap, _cap - 1);
                _lastStep = now;
            }

            return;
        }

        if (cpu >= _options.CpuResume)
        {
            // Between the thresholds: hold the level, and restart the quiet period.
            _belowSince = -1;
            return;
        }

        if (_belowSince < 0)
        {
            _belowSince = now;
        }

        var quietSince = Math.Max(_belowSince, _lastStep);
        if (_cap < (int)CpuLevelCap.Max && now - quietSince >= ToTicks(_options.CpuHold))
        {
            Volatile.Write(ref _cap, _cap + 1);
            _lastStep = now;
        }
    }

    private long ToTicks(TimeSpan span) => (long)(span.TotalSeconds * _time.TimestampFrequency);
}
