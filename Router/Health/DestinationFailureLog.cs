using System.Collections.Concurrent;
using SoapRouter.Forwarding;

namespace SoapRouter.Health;

/// <summary>
/// Keeps failure logging small while a destination is down: failed attempts are counted per destination and one
/// Warning line per destination per interval says how many and which error came first. Per-attempt detail is at
/// Debug (the forwarder's own lines).
/// </summary>
internal sealed class DestinationFailureLog : IDisposable
{
    /// <summary>The default interval between aggregated lines.</summary>
    public static readonly TimeSpan DefaultInterval = TimeSpan.FromSeconds(10);

    private readonly ConcurrentDictionary<string, Entry> _entries = new(StringComparer.Ordinal);
    private readonly ILogger _logger;
    private readonly TimeSpan _interval;
    private readonly ITimer _timer;

    /// <summary>Starts the flush timer on <paramref name="time"/>.</summary>
    public DestinationFailureLog(ILogger logger, TimeProvider time, TimeSpan? interval = null)
    {
        ArgumentNullException.ThrowIfNull(logger);
        ArgumentNullException.ThrowIfNull(time);
        _logger = logger;
        _interval = interval ?? DefaultInterval;
        _timer = time.CreateTimer(static state => ((DestinationFailureLog)state!).Flush(), this, _interval, _interval);
    }

    /// <summary>Counts one failed attempt on <paramref name="destination"/>; <paramref name="detail"/> says more about the error when known (a TLS handshake's reason).</summary>
    public void Record(string destination, ForwardError error, string? detail = null)
    {
        var entry = _entries.GetOrAdd(destination, static _ => new Entry());
        if (Interlocked.Increment(ref entry.Count) == 1)
        {
            entry.First = error;
            entry.Detail = detail;
        }
    }

    /// <summary>Writes one line per destination that failed since the last flush and starts counting again.</summary>
    public void Flush()
    {
        foreach (var (destination, entry) in _entries)
        {
            var first = entry.First;
            var detail = entry.Detail;
            var count = Interlocked.Exchange(ref entry.Count, 0);
            if (count > 0)
            {
                HealthLog.FailuresAggregated(_logger, destination, count, _interval, first, detail is null ? "" : ": " + detail);
            }
        }
    }

    /// <inheritdoc />
    public void Dispose() => _timer.Dispose();

    private sealed class Entry
    {
        public long Count;
        public ForwardError First;
        public string? Detail;
    }
}
