namespace SoapRouter.Wire.Compression;

/// <summary>
/// The link's bandwidth: configured, or measured from transfers large enough to show it (a small transfer's time is
/// latency, not bandwidth); the assumed value until then. The estimate is a moving average of bytes over a moving
/// average of seconds, not an average of rates: one transfer timed far too short (its bytes were buffered before the
/// timing began) would otherwise swing an average of rates by orders of magnitude.
/// </summary>
internal sealed class BandwidthEstimator(CompressionOptions options)
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

    private readonly Lock _lock = new();
    private double _bytes = double.NaN;
    private double _seconds = double.NaN;
    private double _estimate = double.NaN;
    private long _samples;

    /// <summary>Bytes per second to plan with.</summary>
    public double BytesPerSecond => options.BandwidthBytesPerSecond
        ?? (double.IsNaN(Volatile.Read(ref _estimate)) ? options.AssumedBandwidthBytesPerSecond : Volatile.Read(ref _estimate));

    /// <summary>Whether the value comes from measured transfers.</summary>
    public bool IsEstimated => options.BandwidthBytesPerSecond is null && Interlocked.Read(ref _samples) > 0;

    /// <summary>The transfers measured.</summary>
    public long Samples => Interlocked.Read(ref _samples);

    /// <summary>Learns from one send timed by its caller: kept only when it took at least <see cref="MinSampleTime"/>.</summary>
    public void Record(long bytes, TimeSpan elapsed)
    {
        if (elapsed >= MinSampleTime)
        {
            RecordTimed(bytes, elapsed);
        }
    }

    /// <summary>Learns from one transfer timed from its first byte on the wire to its last, however short.</summary>
    public void RecordTimed(long bytes, TimeSpan elapsed)
    {
        if (bytes < MinSampleBytes || elapsed <= TimeSpan.Zero)
        {
            return;
        }

        var alpha = options.Smoothing;
        lock (_lock)
        {
            _bytes = double.IsNaN(_bytes) ? bytes : _bytes + (alpha * (bytes - _bytes));
            _seconds = double.IsNaN(_seconds) ? elapsed.TotalSeconds : _seconds + (alpha * (elapsed.TotalSeconds - _seconds));
            Volatile.Write(ref _estimate, _bytes / _seconds);
        }

        Interlocked.Increment(ref _samples);
    }
}
