using System.Collections.Concurrent;
using System.Collections.Immutable;
using System.Runtime.CompilerServices;

namespace SoapRouter.Telemetry;

/// <summary>
/// TLS counts: handshakes the listeners completed and those that failed, by reason class (what
/// <c>faults.tlsHandshake</c> adds up), and the router's own handshakes with each destination and how many of those
/// failed. Handshakes, not messages: a message on a kept-alive connection counts nothing here.
/// </summary>
internal sealed class TlsCounters
{
    private readonly ConcurrentDictionary<string, StrongBox<long>> _failures = new(StringComparer.Ordinal);
    private readonly ConcurrentDictionary<string, StrongBox<long>> _destinationHandshakes = new(StringComparer.Ordinal);
    private readonly ConcurrentDictionary<string, StrongBox<long>> _destinationFailures = new(StringComparer.Ordinal);
    private long _handshakes;

    /// <summary>A client's handshake on a listener completed.</summary>
    public void RecordHandshake() => Interlocked.Increment(ref _handshakes);

    /// <summary>A client's handshake on a listener failed for <paramref name="reason"/> (a reason class name, e.g. "timeout").</summary>
    public void RecordHandshakeFailure(string reason) => Increment(_failures, reason);

    /// <summary>The router began a handshake with <paramref name="destination"/> (a new TLS connection).</summary>
    public void RecordDestinationHandshake(string destination) => Increment(_destinationHandshakes, destination);

    /// <summary>A handshake with <paramref name="destination"/> failed (its certificate was refused).</summary>
    public void RecordDestinationFailure(string destination) => Increment(_destinationFailures, destination);

    /// <summary>Drops the counts of destinations not in <paramref name="destinations"/> (a reload removed them).</summary>
    public void RetainDestinations(IReadOnlySet<string> destinations)
    {
        _destinationHandshakes.RetainNames(destinations);
        _destinationFailures.RetainNames(destinations);
    }

    /// <summary>Handshakes with <paramref name="destination"/> so far.</summary>
    public long DestinationHandshakes(string destination) =>
        _destinationHandshakes.TryGetValue(destination, out var box) ? Interlocked.Read(ref box.Value) : 0;

    /// <summary>The counts now.</summary>
    public TlsSnapshot Snapshot() => new(
        Interlocked.Read(ref _handshakes), SnapshotOf(_failures), SnapshotOf(_destinationHandshakes), SnapshotOf(_destinationFailures));

    private static void Increment(ConcurrentDictionary<string, StrongBox<long>> counts, string key) =>
        Interlocked.Increment(ref counts.GetOrAdd(key, static _ => new StrongBox<long>()).Value);

    private static ImmutableSortedDictionary<string, long> SnapshotOf(ConcurrentDictionary<string, StrongBox<long>> counts)
    {
        var builder = ImmutableSortedDictionary.CreateBuilder<string, long>(StringComparer.Ordinal);
        foreach (var (key, box) in counts)
        {
            builder[key] = Interlocked.Read(ref box.Value);
        }

        return builder.ToImmutable();
    }
}
