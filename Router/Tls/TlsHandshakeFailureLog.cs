using System.Collections.Concurrent;
using System.Runtime.CompilerServices;
using SoapRouter.Telemetry;

namespace SoapRouter.Tls;

/// <summary>
/// One log line per interval for a listener's failed TLS handshakes, with how many there were of each reason class, so
/// a scanner or a misconfigured client costs a line per interval rather than one per connection.
/// </summary>
internal sealed class TlsHandshakeFailureLog : IDisposable
{
    private readonly ConcurrentDictionary<string, StrongBox<long>> _reasons = new(StringComparer.Ordinal);
    private readonly IntervalCount _count;

    /// <summary>Reports the failures of listener <paramref name="name"/> through <paramref name="logger"/>.</summary>
    public TlsHandshakeFailureLog(string name, ILogger logger, TimeProvider time)
    {
        _count = new IntervalCount(time, IntervalCount.DefaultInterval, (count, interval) =>
        {
            var breakdown = string.Join(", ", _reasons
                .Select(entry => (Reason: entry.Key, Count: Interlocked.Exchange(ref entry.Value.Value, 0)))
                .Where(entry => entry.Count > 0)
                .OrderByDescending(entry => entry.Count)
                .Select(entry => $"{entry.Reason} {entry.Count}"));
            TlsLog.HandshakesFailed(logger, name, count, interval, breakdown);
        });
    }

    /// <summary>Counts one failure of <paramref name="reason"/>.</summary>
    public void Record(string reason)
    {
        Interlocked.Increment(ref _reasons.GetOrAdd(reason, static _ => new StrongBox<long>()).Value);
        _count.Add();
    }

    /// <inheritdoc />
    public void Dispose() => _count.Dispose();
}
