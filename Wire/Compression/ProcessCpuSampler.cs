namespace SoapRouter.Wire.Compression;

/// <summary>
/// The process's CPU time over wall time and cores between calls (<see cref="Environment.CpuUsage"/>). Calls closer
/// together than <see cref="MinimumWindow"/> get the previous value: a tiny window measures nothing.
/// </summary>
public sealed class ProcessCpuSampler : ICpuSampler
{
    /// <summary>The shortest window measured.</summary>
    public static readonly TimeSpan MinimumWindow = TimeSpan.FromMilliseconds(100);

    private readonly TimeProvider _time;
    private readonly Func<TimeSpan> _cpuTime;
    private readonly int _cores;
    private readonly Lock _gate = new();
    private long _lastTimestamp;
    private TimeSpan _lastCpu;
    private double _last;

    /// <summary>Samples this process on <paramref name="time"/>'s clock.</summary>
    public ProcessCpuSampler(TimeProvider? time = null)
        : this(time ?? TimeProvider.System, static () => Environment.CpuUsage.TotalTime, Environment.ProcessorCount)
    {
    }

    /// <summary>Samples <paramref name="cpuTime"/> (total CPU time used) over <paramref name="cores"/> cores.</summary>
    internal ProcessCpuSampler(TimeProvider time, Func<TimeSpan> cpuTime, int cores)
    {
        _time = time;
        _cpuTime = cpuTime;
        _cores = Math.Max(1, cores);
        _lastTimestamp = time.GetTimestamp();
        _lastCpu = cpuTime();
    }

    /// <inheritdoc />
    public double Sample()
    {
        lock (_gate)
        {
            var now = _time.GetTimestamp();
            var wall = _time.GetElapsedTime(_lastTimestamp, now);
            if (wall < MinimumWindow)
            {
                return _last;
            }

            var cpu = _cpuTime();
            _last = Math.Clamp((cpu - _lastCpu) / (wall * _cores), 0, 1);
            _lastCpu = cpu;
            _lastTimestamp = now;
            return _last;
        }
    }
}
