using SoapRouter.Listening.Connections;
using SoapRouter.Telemetry;

namespace SoapRouter.Listening;

/// <summary>
/// The process's memory against what it may use, sampled every <see cref="SampleInterval"/>, as Envoy's overload manager
/// watches its heap: above limits.memoryHighWatermark (a fraction) the request-body budget lets no new message in
/// (<see cref="BufferBudget"/>: they wait, then 503) and one aggressive, compacting collection gives freed memory back
/// to the system; at or below limits.memoryLowWatermark messages flow again. The load is the larger of the container's
/// memory in use over its limit (what the kernel kills for) and the managed heap after the last collection
/// over the GC's hard limit (what throws OutOfMemoryException). Outside a container only the second counts.
/// </summary>
internal sealed class MemoryPressure : IDisposable
{
    /// <summary>How often the load is read.</summary>
    public static readonly TimeSpan SampleInterval = TimeSpan.FromMilliseconds(100);

    /// <summary>The shortest time between two collections asked for while the pressure is high.</summary>
    public static readonly TimeSpan CollectInterval = TimeSpan.FromSeconds(2);

    private readonly Func<MemoryReading> _read;
    private readonly Action _collect;
    private readonly TimeProvider _time;
    private readonly ITimer _timer;
    private readonly IntervalCount _highReports;
    private long _lastCollect = long.MinValue;
    private MemoryReading? _last;
    private long _highCount;
    private long _acceptPauses;
    private bool _high;

    /// <summary>
    /// Watches <paramref name="read"/> against the watermarks (fractions, <paramref name="low"/> below
    /// <paramref name="high"/>); <paramref name="collect"/> runs when the load goes over the high watermark and every <see cref="CollectInterval"/> while the
    /// pressure lasts, and the load is read again after it: only memory a full collection cannot free holds messages back.
    /// </summary>
    public MemoryPressure(double high, double low, Func<MemoryReading> read, Action collect, TimeProvider time, ILogger logger)
    {
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(high);
        ArgumentOutOfRangeException.ThrowIfGreaterThan(low, high);
        High = high;
        Low = low;
        _read = read;
        _collect = collect;
        _time = time;
        _highReports = new IntervalCount(time, IntervalCount.DefaultInterval, (count, interval) =>
            ListenerLog.MemoryHigh(logger, count, interval, Describe()));
        Sample();
        ConnectionCapacity = CapacityFrom(Last, high);
        if (ConnectionCapacity is { } capacity)
        {
            ListenerLog.ConnectionCapacity(logger, capacity, Last.ResidentLimitBytes!.Value >> 20, Last.ResidentBytes!.Value >> 20, high);
        }
        _timer = time.CreateTimer(static state => ((MemoryPressure)state!).Sample(), this, SampleInterval, SampleInterval);
    }

    /// <summary>Raised (on the sampling thread) when the load falls to the low watermark: waiting messages look again.</summary>
    public event Action? Relieved;

    /// <summary>limits.memoryHighWatermark.</summary>
    public double High { get; }

    /// <summary>limits.memoryLowWatermark.</summary>
    public double Low { get; }

    /// <summary>Whether new messages are held back now.</summary>
    public bool IsHigh => Volatile.Read(ref _high);

    /// <summary>Times the load went over the high watermark.</summary>
    public long HighCount => Interlocked.Read(ref _highCount);

    /// <summary>Times an accept loop stopped accepting for memory (<see cref="WaitForRoomAsync"/>).</summary>
    public long AcceptPauses => Interlocked.Read(ref _acceptPauses);

    /// <summary>
    /// What one busy client connection is reckoned to hold in the container's memory: ~66 KB of OpenSSL state outside the
    /// managed heap (Benchmarks/scripts/conn-memory.sh) and ~80 KB of managed buffers with a request waiting on it (the
    /// 256 MB soak: ~80 MB for 1,000 busy TLS clients with no message admitted).
    /// </summary>
    public const long ConnectionResidentCost = 160 * 1024;

    /// <summary>Of <see cref="ConnectionResidentCost"/>, what is in the managed heap.</summary>
    public const long ConnectionManagedCost = 80 * 1024;

    /// <summary>The fewest connections <see cref="ConnectionCapacity"/> allows, however small the container.</summary>
    public const int MinimumConnections = 16;

    /// <summary>
    /// The listener connections the container's memory holds at once: what is left under the high watermark after the
    /// router's own start, at <see cref="ConnectionResidentCost"/> each (and within the GC's heap limit at
    /// <see cref="ConnectionManagedCost"/>); null outside a container (no limit to reckon with). A burst of connections
    /// (1,000 TLS clients at start) arrives faster than the load is read every <see cref="SampleInterval"/>: at 128 MB
    /// they took the heap to its limit and the runtime aborted ("Out of memory.") 19 times in 6 minutes, where counting
    /// them against this keeps the rest in the kernel's backlog.
    /// </summary>
    public long? ConnectionCapacity { get; }

    /// <summary>Whether one more connection fits next to <paramref name="openConnections"/> (<see cref="ConnectionCapacity"/>).</summary>
    public bool HasRoomForConnection(int openConnections) => ConnectionCapacity is not { } capacity || openConnections < capacity;

    /// <summary>The connections that fit from the start's <paramref name="reading"/> under the <paramref name="high"/> watermark; null outside a container.</summary>
    internal static long? CapacityFrom(MemoryReading reading, double high)
    {
        if (reading.ResidentBytes is not { } resident || reading.ResidentLimitBytes is not { } limit || limit <= 0)
        {
            return null;
        }

        var residentRoom = (long)(high * limit) - resident;
        var managedRoom = (long)(high * reading.ManagedLimitBytes) - reading.ManagedBytes;
        return Math.Max(MinimumConnections, Math.Min(residentRoom / ConnectionResidentCost, managedRoom / ConnectionManagedCost));
    }

    /// <summary>Whether an accept loop with <paramref name="openConnections"/> open should wait (<see cref="WaitForRoomAsync"/>).</summary>
    public bool ShouldHoldAccepts(int openConnections) => IsHigh || !HasRoomForConnection(openConnections);

    /// <summary>
    /// Completes once one more connection may be accepted (at once when it may): the pressure is no longer high and the
    /// connections open (<paramref name="openConnections"/>) are under <see cref="ConnectionCapacity"/>; looking again
    /// every <see cref="SampleInterval"/>; counted in <see cref="AcceptPauses"/>. Cancelling
    /// <paramref name="cancellationToken"/> ends the wait with <see cref="OperationCanceledException"/>. (Letting one
    /// connection a second in while the pressure stayed high was tried: in the 30-minute soak the heap met its limit
    /// when the 1,000 connections were renewed, and the runtime aborted.)
    /// </summary>
    public async ValueTask WaitForRoomAsync(Func<int> openConnections, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(openConnections);
        if (!ShouldHoldAccepts(openConnections()))
        {
            return;
        }

        Interlocked.Increment(ref _acceptPauses);
        while (ShouldHoldAccepts(openConnections()))
        {
            await Task.Delay(SampleInterval, _time, cancellationToken).ConfigureAwait(false);
        }
    }

    /// <summary>The last reading.</summary>
    public MemoryReading Last => Volatile.Read(ref _last) ?? new MemoryReading(0, 1, null, null);

    /// <summary>
    /// The default reading: the GC's figures after its last collection, and the container's memory in use (what its OOM
    /// killer counts, <see cref="Hosting.MemoryLimit.ContainerUsage()"/>; the resident set where that cannot be read)
    /// against the container's limit.
    /// </summary>
    public static MemoryReading ReadProcess(long? containerLimit)
    {
        var info = GC.GetGCMemoryInfo();
        return new MemoryReading(
            info.HeapSizeBytes - info.FragmentedBytes,
            info.TotalAvailableMemoryBytes,
            containerLimit is null ? null : Hosting.MemoryLimit.ContainerUsage() ?? Environment.WorkingSet,
            containerLimit);
    }

    /// <summary>
    /// The default collection: the managed heap's aggressive one (<see cref="Wire.Encoding.ManagedHeap.CollectAggressively"/>),
    /// then the C heap's free pages go back to the system (<see cref="Hosting.NativeHeap.Trim"/>: closed TLS connections' state).
    /// </summary>
    public static void CollectAggressively()
    {
        Wire.Encoding.ManagedHeap.CollectAggressively();
        Hosting.NativeHeap.Trim();
    }

    /// <summary>The figures in words, for /health and the log.</summary>
    public string Describe()
    {
        var last = Last;
        var resident = last.ResidentBytes is { } rss && last.ResidentLimitBytes is { } limit ? $"resident {Mb(rss)} of the container's {Mb(limit)}, " : "";
        return string.Create(
            System.Globalization.CultureInfo.InvariantCulture,
            $"memory at {last.Load * 100:0}% ({resident}managed heap {Mb(last.ManagedBytes)} of {Mb(last.ManagedLimitBytes)}), limits.memoryHighWatermark {High:0.##}");
    }

    /// <inheritdoc />
    public void Dispose()
    {
        _timer.Dispose();
        _highReports.Dispose();
    }

    private static string Mb(long bytes) => $"{bytes / (1024.0 * 1024):0} MB";

    private void Sample()
    {
        if (TryRead() is not { } reading)
        {
            return;
        }

        // Collect when the load is over the high watermark, and every CollectInterval while the pressure lasts, then
        // read again before deciding: a reading taken after a young collection counts the old generation's garbage (the
        // soak's gate shut on a heap that one full collection brought from 0.9 to 0.6), and with new messages held back
        // little is allocated, so no collection would come by itself and the reading would not move.
        if (reading.Load > High || _high)
        {
            var now = _time.GetTimestamp();
            if (_lastCollect == long.MinValue || _time.GetElapsedTime(_lastCollect, now) >= CollectInterval)
            {
                _lastCollect = now;
                _collect();
                reading = TryRead() ?? reading;
            }
        }

        Volatile.Write(ref _last, reading);
        if (!_high && reading.Load > High)
        {
            Volatile.Write(ref _high, true);
            Interlocked.Increment(ref _highCount);
            _highReports.Add();
        }
        else if (_high && reading.Load <= Low)
        {
            Volatile.Write(ref _high, false);
            Relieved?.Invoke();
        }
    }

    private MemoryReading? TryRead()
    {
        try
        {
            return _read();
        }
        catch (IOException)
        {
            return null;
        }
    }
}

/// <summary>One reading of the process's memory.</summary>
/// <param name="ManagedBytes">The managed heap after the last collection, less its fragmentation.</param>
/// <param name="ManagedLimitBytes">What the GC may use (its hard limit in a container).</param>
/// <param name="ResidentBytes">
/// The container's memory in use (cgroup usage less inactive file pages), else the process's resident set; null outside a container.
/// </param>
/// <param name="ResidentLimitBytes">The container's memory limit, or null outside one.</param>
internal sealed record MemoryReading(long ManagedBytes, long ManagedLimitBytes, long? ResidentBytes, long? ResidentLimitBytes)
{
    /// <summary>The larger fraction: resident over the container's limit, managed over the GC's.</summary>
    public double Load => Math.Max(
        ManagedLimitBytes > 0 ? (double)ManagedBytes / ManagedLimitBytes : 0,
        ResidentBytes is { } rss && ResidentLimitBytes is > 0 and var limit ? (double)rss / limit : 0);
}
