using System.Collections.Concurrent;
using SoapRouter.Forwarding;
using SoapRouter.Telemetry;

namespace SoapRouter.Health;

/// <summary>
/// Keeps failure logging small while a destination is down: failed attempts are counted per destination, each on its
/// own <see cref="IntervalCount"/>, and one Warning line per destination per interval says how many and which error
/// came first. Per-attempt detail is at Debug (the forwarder's own lines).
/// </summary>
/// <param name="logger">Where the lines go, once per <paramref name="interval"/> (default <see cref="IntervalCount.DefaultInterval"/>) per destination.</param>
/// <param name="time">The clock of the intervals.</param>
/// <param name="interval">How often each destination's count is logged.</param>
internal sealed class DestinationFailureLog(ILogger logger, TimeProvider time, TimeSpan? interval = null) : IDisposable
{
    private readonly ConcurrentDictionary<string, Entry> _entries = new(StringComparer.Ordinal);
    private readonly Func<string, Entry> _create = destination => new Entry(destination, logger, time, interval ?? IntervalCount.DefaultInterval);

    /// <summary>The destinations with an entry (one that failed since it was last pruned).</summary>
    public ICollection<string> Destinations => _entries.Keys;

    /// <summary>Counts one failed attempt on <paramref name="destination"/>; <paramref name="detail"/> says more about the error when known (a TLS handshake's reason).</summary>
    public void Record(string destination, ForwardError error, string? detail = null)
    {
        var entry = _entries.GetOrAdd(destination, _create);
        entry.Record(error, detail);
    }

    /// <summary>Drops the entries of destinations not in <paramref name="destinations"/> (a reload removed them); their pending count is not logged.</summary>
    public void Retain(IReadOnlySet<string> destinations) => _entries.RetainNames(destinations, static entry => entry.Dispose());

    /// <inheritdoc />
    public void Dispose()
    {
        foreach (var entry in _entries.Values)
        {
            entry.Dispose();
        }
    }

    private sealed class Entry : IDisposable
    {
        private readonly IntervalCount _count;
        private ForwardError _first;
        private string? _detail;

        public Entry(string destination, ILogger logger, TimeProvider time, TimeSpan interval) =>
            _count = new IntervalCount(time, interval, (count, every) =>
                HealthLog.FailuresAggregated(logger, destination, count, every, _first, _detail is null ? "" : ": " + _detail));

        public void Record(ForwardError error, string? detail)
        {
            // The first failure of an interval names it; the report comes an interval later, so these are set by then.
            if (_count.Add())
            {
                _first = error;
                _detail = detail;
            }
        }

        public void Dispose() => _count.Dispose();
    }
}
