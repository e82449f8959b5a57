namespace SoapRouter.Health;

/// <summary>
/// A few counters over a sliding window, kept in ten buckets of a tenth of the window each: a count made now leaves the
/// sums once its bucket is older than the window. Lock-free to add to; a bucket being recycled takes a lock once per
/// bucket length. Counts are approximate under races (an add may land in a bucket as it is recycled): they steer
/// retries and ejections, they are not accounting. Shared by the retry budget and the outlier detector.
/// </summary>
internal sealed class RollingCounts
{
    /// <summary>Buckets per window.</summary>
    public const int Buckets = 10;

    private readonly TimeProvider _time;
    private readonly long _bucketLength;
    private readonly Bucket[] _buckets = new Bucket[Buckets];

    /// <summary>
    /// <paramref name="counters"/> counters over <paramref name="window"/> on <paramref name="time"/>'s clock (the
    /// system's when null).
    /// </summary>
    public RollingCounts(TimeSpan window, int counters, TimeProvider? time = null)
    {
        ArgumentOutOfRangeException.ThrowIfLessThanOrEqual(window, TimeSpan.Zero);
        ArgumentOutOfRangeException.ThrowIfLessThan(counters, 1);
        _time = time ?? TimeProvider.System;
        Window = window;

        // In the clock's own timestamp units, so a bucket is found by one division.
        _bucketLength = Math.Max(1, (long)(window.TotalSeconds * _time.TimestampFrequency / Buckets));
        for (var i = 0; i < Buckets; i++)
        {
            _buckets[i] = new Bucket(counters);
        }
    }

    /// <summary>How far back counts are summed.</summary>
    public TimeSpan Window { get; }

    /// <summary>Adds <paramref name="amount"/> to counter <paramref name="counter"/> now.</summary>
    public void Add(int counter, long amount = 1) => Interlocked.Add(ref Current().Values[counter], amount);

    /// <summary>Adds <paramref name="amounts"/>[i] to counter i now (zeros skipped): one clock read for several counters.</summary>
    public void Add(ReadOnlySpan<long> amounts)
    {
        var values = Current().Values;
        for (var i = 0; i < amounts.Length; i++)
        {
            if (amounts[i] != 0)
            {
                Interlocked.Add(ref values[i], amounts[i]);
            }
        }
    }

    /// <summary>Counter <paramref name="counter"/> summed over the window.</summary>
    public long Sum(int counter)
    {
        var oldest = Slot - Buckets + 1;
        long sum = 0;
        foreach (var bucket in _buckets)
        {
            if (Volatile.Read(ref bucket.Slot) >= oldest)
            {
                sum += Interlocked.Read(ref bucket.Values[counter]);
            }
        }

        return sum;
    }

    /// <summary>Forgets every count (a readmitted destination starts its record afresh).</summary>
    public void Reset()
    {
        foreach (var bucket in _buckets)
        {
            lock (bucket)
            {
                Volatile.Write(ref bucket.Slot, long.MinValue);
                Array.Clear(bucket.Values);
            }
        }
    }

    private long Slot => _time.GetTimestamp() / _bucketLength;

    private Bucket Current()
    {
        var slot = Slot;
        var bucket = _buckets[(int)(slot % Buckets)];
        if (Volatile.Read(ref bucket.Slot) != slot)
        {
            lock (bucket)
            {
                if (bucket.Slot != slot)
                {
                    for (var i = 0; i < bucket.Values.Length; i++)
                    {
                        Interlocked.Exchange(ref bucket.Values[i], 0);
                    }

                    Volatile.Write(ref bucket.Slot, slot);
                }
            }
        }

        return bucket;
    }

    private sealed class Bucket(int counters)
    {
        public long Slot = long.MinValue;
        public readonly long[] Values = new long[counters];
    }
}
