namespace SoapRouter.Wire.Compression;

/// <summary>
/// The compression ratio of one (action, size bucket): a moving average, and whether it is switched off. A switched-off
/// cell lets one message through as a probe after <see cref="CompressionOptions.ReprobeEvery"/> skipped messages or
/// <see cref="CompressionOptions.ReprobeInterval"/>; a probe that compresses within the limit switches it back on at once.
/// </summary>
internal sealed class RatioCell(string action, int bucket)
{
    private readonly Lock _gate = new();
    private double _ratio = double.NaN;
    private long _samples;
    private long _skipped;
    private long _offSince;
    private bool _off;
    private int _lastSlot = -1;
    private long _sinceCompressed;
    private long _lastCompressed;

    public string Action => action;

    public int Bucket => bucket;

    /// <summary>What to do with the next message of this cell.</summary>
    public RatioVerdict Decide(long now, CompressionOptions options, long timestampFrequency)
    {
        lock (_gate)
        {
            if (!_off)
            {
                return RatioVerdict.Compress;
            }

            _skipped++;
            var byCount = options.ReprobeEvery > 0 && _skipped >= options.ReprobeEvery;
            var byTime = options.ReprobeInterval > TimeSpan.Zero && now - _offSince >= (long)(options.ReprobeInterval.TotalSeconds * timestampFrequency);
            if (!byCount && !byTime)
            {
                return RatioVerdict.PoorRatio;
            }

            // One probe per period: the counters restart, so concurrent messages keep skipping.
            _skipped = 0;
            _offSince = now;
            return RatioVerdict.Probe;
        }
    }

    /// <summary>Learns the ratio of one compressed message of this cell.</summary>
    public void Record(double ratio, bool isProbe, int slot, long now, CompressionOptions options)
    {
        lock (_gate)
        {
            _lastSlot = slot;
            _sinceCompressed = 0;
            _lastCompressed = now;
            if (isProbe && ratio <= options.RatioLimit)
            {
                // The content changed: trust the probe over the old average.
                _ratio = ratio;
                _samples = 1;
                _off = false;
                return;
            }

            _ratio = double.IsNaN(_ratio) ? ratio : _ratio + (options.Smoothing * (ratio - _ratio));
            _samples++;
            if (!_off && _samples >= options.RatioMinSamples && _ratio > options.RatioLimit)
            {
                _off = true;
                _skipped = 0;
                _offSince = now;
            }
        }
    }

    /// <summary>
    /// For a cell whose own ratio makes compression not pay (though it is within the limit, or has too few samples
    /// to be switched off): counts one more plain message and says whether it is time for a probe, on the same
    /// schedule as a switched-off cell, counted from the last compression.
    /// </summary>
    public bool DueForProbe(long now, CompressionOptions options, long timestampFrequency)
    {
        lock (_gate)
        {
            _sinceCompressed++;
            var byCount = options.ReprobeEvery > 0 && _sinceCompressed >= options.ReprobeEvery;
            var byTime = options.ReprobeInterval > TimeSpan.Zero && now - _lastCompressed >= (long)(options.ReprobeInterval.TotalSeconds * timestampFrequency);
            if (!byCount && !byTime)
            {
                return false;
            }

            _sinceCompressed = 0;
            _lastCompressed = now;
            return true;
        }
    }

    /// <summary>The average ratio and the (codec, level) slot that last produced a sample; NaN and -1 before any.</summary>
    public (double Ratio, int Slot) Expected()
    {
        lock (_gate)
        {
            return (_ratio, _lastSlot);
        }
    }

    /// <summary>A copy for statistics.</summary>
    public RatioSnapshot Snapshot()
    {
        lock (_gate)
        {
            return new RatioSnapshot(action, SizeBuckets.Describe(bucket), double.IsNaN(_ratio) ? null : Math.Round(_ratio, 4), _samples, _off);
        }
    }
}
