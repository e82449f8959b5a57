namespace SoapRouter.Wire.Compression;

/// <summary>
/// The link's bandwidth: configured, or a moving average of bytes per second over sends large enough to be measured
/// (a small send's time is latency, not bandwidth); the assumed value until then.
/// </summary>
internal sealed class BandwidthEstimator(CompressionOptions options)
{
    /// <summary>Sends smaller than this do not teach the estimate.</summary>
    public const int MinSampleBytes = 16 * 1024;

    /// <summary>
    /// Transfers shorter than this do not teach it either: the bytes were mostly buffered before the timing began (a
    /// server reads a request body its transport has already taken in), or the link is so fast that the timing is noise.
    /// Measured on a router's listener, 150 KB bodies "arrived" at 5 GB/s that way and compression never paid.
    /// </summary>
    public static readonly TimeSpan MinSampleTime = TimeSpan.FromMilliseconds(5);

    private double _estimate = double.NaN;
    private long _samples;

    /// <summary>Bytes per second to plan with.</summary>
    public double BytesPerSecond => options.BandwidthBytesPerSecond
        ?? (double.IsNaN(Volatile.Read(ref _estimate)) ? options.AssumedBandwidthBytesPerSecond : Volatile.Read(ref _estimate));

    /// <summary>Whether the value comes from measured sends.</summary>
    public bool IsEstimated => options.BandwidthBytesPerSecond is null && Interlocked.Read(ref _samples) > 0;

    /// <summary>The sends measured.</summary>
    public long Samples => Interlocked.Read(ref _samples);

    /// <summary>Learns from one send.</summary>
    public void Record(long bytes, TimeSpan elapsed)
    {
        if (bytes < MinSampleBytes || elapsed < MinSampleTime)
        {
            return;
        }

        Ewma.Update(ref _estimate, bytes / elapsed.TotalSeconds, options.Smoothing);
        Interlocked.Increment(ref _samples);
    }
}
