namespace SoapRouter.Wire.Compression;

/// <summary>
/// The link's bandwidth: configured, or measured; the assumed value until then. Two kinds of measurement, the first
/// preferred: the kernel's delivery rate of what this end sent (<see cref="RecordRate"/>, from TCP_INFO), which no wait
/// for a core in this process can slow down, as the median of the last <see cref="RecentRates"/> (a link that slows
/// down shows within three replies, and one odd sample moves nothing); else transfers timed by the process, large enough to show it (a small
/// transfer's time is latency, not bandwidth). Timed transfers are a moving average of bytes over a moving average of
/// seconds, not an average of rates: one transfer timed far too short (its bytes were buffered before the timing
/// began) would otherwise swing an average of rates by orders of magnitude.
/// </summary>
public sealed class BandwidthEstimator(CompressionOptions options)
{
    /// <summary>Transfers smaller than this do not teach the estimate.</summary>
    public const int MinSampleBytes = 16 * 1024;

    /// <summary>
    /// Sends shorter than this do not teach it either (<see cref="Record"/>): a send completes when the socket buffer
    /// takes the bytes, or a server timed a body its transport had already taken in, so a short time says nothing
    /// about the link. Measured on a router's listener, 150 KB bodies "arrived" at 5 GB/s that way. Transfers timed
    /// from their first byte on the wire (<see cref="RecordTimed"/>) have no such floor.
    /// </summary>
    public static readonly TimeSpan MinSampleTime = TimeSpan.FromMilliseconds(5);

    /// <summary>How many delivery rates the estimate is the median of.</summary>
    public const int RecentRates = 5;

    private readonly Lock _lock = new();
    private readonly double[] _rates = new double[RecentRates];
    private int _rateCount;
    private int _rateNext;
    private double _bytes = double.NaN;
    private double _seconds = double.NaN;
    private double _estimate = double.NaN;
    private double _rate = double.NaN;
    private long _samples;

    /// <summary>Bytes per second to plan with.</summary>
    public double BytesPerSecond => options.BandwidthBytesPerSecond ?? Measured ?? options.AssumedBandwidthBytesPerSecond;

    /// <summary>The measured bandwidth (delivery rate first), or null before any sample.</summary>
    public double? Measured
    {
        get
        {
            var rate = Volatile.Read(ref _rate);
            if (!double.IsNaN(rate))
            {
                return rate;
            }

            var estimate = Volatile.Read(ref _estimate);
            return double.IsNaN(estimate) ? null : estimate;
        }
    }

    /// <summary>Whether the value comes from measured transfers.</summary>
    public bool IsEstimated => options.BandwidthBytesPerSecond is null && Interlocked.Read(ref _samples) > 0;

    /// <summary>Whether the measured value is the kernel's delivery rate rather than transfers timed by the process.</summary>
    public bool IsDeliveryRate => !double.IsNaN(Volatile.Read(ref _rate));

    /// <summary>The transfers measured.</summary>
    public long Samples => Interlocked.Read(ref _samples);

    /// <summary>Learns from one send timed by its caller: kept (true) only when it took at least <see cref="MinSampleTime"/>.</summary>
    public bool Record(long bytes, TimeSpan elapsed) => elapsed >= MinSampleTime && RecordTimed(bytes, elapsed);

    /// <summary>Learns from one transfer timed from its first byte on the wire to its last, however short; true when kept.</summary>
    public bool RecordTimed(long bytes, TimeSpan elapsed)
    {
        if (bytes < MinSampleBytes || elapsed <= TimeSpan.Zero)
        {
            return false;
        }

        var alpha = options.Smoothing;
        lock (_lock)
        {
            _bytes = double.IsNaN(_bytes) ? bytes : _bytes + (alpha * (bytes - _bytes));
            _seconds = double.IsNaN(_seconds) ? elapsed.TotalSeconds : _seconds + (alpha * (elapsed.TotalSeconds - _seconds));
            Volatile.Write(ref _estimate, _bytes / _seconds);
        }

        Interlocked.Increment(ref _samples);
        return true;
    }

    /// <summary>
    /// Learns from the kernel's delivery rate of a send on this link (TCP_INFO's tcpi_delivery_rate). A sample taken
    /// while the sender had too little to send (<paramref name="applicationLimited"/>) is a floor, not the link's
    /// rate, so it counts only when it is above the estimate (as BBR treats it). True when kept.
    /// </summary>
    public bool RecordRate(double bytesPerSecond, bool applicationLimited)
    {
        if (!(bytesPerSecond > 0) || double.IsInfinity(bytesPerSecond))
        {
            return false;
        }

        if (applicationLimited && Volatile.Read(ref _rate) is var current && !double.IsNaN(current) && bytesPerSecond <= current)
        {
            return false;
        }

        lock (_lock)
        {
            _rates[_rateNext] = bytesPerSecond;
            _rateNext = (_rateNext + 1) % RecentRates;
            _rateCount = Math.Min(_rateCount + 1, RecentRates);
            Volatile.Write(ref _rate, Median(_rates.AsSpan(0, _rateCount)));
        }

        Interlocked.Increment(ref _samples);
        return true;
    }

    // The middle value of a few (the mean of the middle two for an even count); sorts a copy on the stack.
    private static double Median(ReadOnlySpan<double> values)
    {
        Span<double> sorted = stackalloc double[values.Length];
        values.CopyTo(sorted);
        sorted.Sort();
        var middle = sorted.Length / 2;
        return sorted.Length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }
}
