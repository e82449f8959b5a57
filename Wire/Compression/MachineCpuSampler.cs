using System.Globalization;

namespace SoapRouter.Wire.Compression;

/// <summary>
/// The machine's CPU load between calls: busy over total time of every core, from the first line of Linux's
/// /proc/stat (idle and iowait count as not busy). Calls closer together than
/// <see cref="ProcessCpuSampler.MinimumWindow"/> get the previous value.
/// </summary>
public sealed class MachineCpuSampler : ICpuSampler
{
    private const string ProcStat = "/proc/stat";

    private readonly TimeProvider _time;
    private readonly Func<string?> _readStat;
    private readonly Lock _gate = new();
    private long _lastTimestamp;
    private (ulong Busy, ulong Total) _lastTimes;
    private double _last;

    /// <summary>Samples /proc/stat on <paramref name="time"/>'s clock.</summary>
    public MachineCpuSampler(TimeProvider? time = null)
        : this(time ?? TimeProvider.System, ReadProcStat)
    {
    }

    /// <summary>Samples the /proc/stat text <paramref name="readStat"/> returns.</summary>
    internal MachineCpuSampler(TimeProvider time, Func<string?> readStat)
    {
        _time = time;
        _readStat = readStat;
        _lastTimestamp = time.GetTimestamp();
        _lastTimes = TryParse(readStat(), out var times) ? times : default;
    }

    /// <summary>Whether this machine has a readable /proc/stat.</summary>
    public static bool IsAvailable => TryParse(ReadProcStat(), out _);

    /// <summary>The sampler for <paramref name="source"/>: the machine's where it can be read, else this process's.</summary>
    public static ICpuSampler For(CpuSource source, TimeProvider? time = null) =>
        source == CpuSource.Machine && IsAvailable ? new MachineCpuSampler(time) : new ProcessCpuSampler(time);

    /// <inheritdoc />
    public double Sample()
    {
        lock (_gate)
        {
            var now = _time.GetTimestamp();
            if (_time.GetElapsedTime(_lastTimestamp, now) < ProcessCpuSampler.MinimumWindow || !TryParse(_readStat(), out var times))
            {
                return _last;
            }

            var total = times.Total - _lastTimes.Total;
            if (total > 0 && times.Total >= _lastTimes.Total && times.Busy >= _lastTimes.Busy)
            {
                _last = Math.Clamp((double)(times.Busy - _lastTimes.Busy) / total, 0, 1);
            }

            _lastTimes = times;
            _lastTimestamp = now;
            return _last;
        }
    }

    /// <summary>Reads the "cpu" line: user nice system idle iowait irq softirq steal (guest time is already in user).</summary>
    internal static bool TryParse(string? stat, out (ulong Busy, ulong Total) times)
    {
        times = default;
        if (stat is null || !stat.StartsWith("cpu ", StringComparison.Ordinal))
        {
            return false;
        }

        var end = stat.IndexOf('\n', StringComparison.Ordinal);
        var fields = stat[4..(end < 0 ? stat.Length : end)].Split(' ', StringSplitOptions.RemoveEmptyEntries);
        if (fields.Length < 4)
        {
            return false;
        }

        ulong total = 0;
        ulong idle = 0;
        for (var i = 0; i < Math.Min(fields.Length, 8); i++)
        {
            if (!ulong.TryParse(fields[i], NumberStyles.None, CultureInfo.InvariantCulture, out var value))
            {
                return false;
            }

            total += value;
            if (i is 3 or 4)
            {
                idle += value;
            }
        }

        times = (total - idle, total);
        return true;
    }

    private static string? ReadProcStat()
    {
        try
        {
            using var reader = new StreamReader(ProcStat);
            return reader.ReadLine();
        }
        catch (IOException)
        {
            return null;
        }
        catch (UnauthorizedAccessException)
        {
            return null;
        }
    }
}
