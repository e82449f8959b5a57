using System.Collections.Concurrent;
using System.Collections.Immutable;

namespace SoapRouter.Telemetry;

/// <summary>
/// The router's lock-free counters: totals, faults by kind, traffic by forwarding path, by route and by destination.
/// Stateless per message, so replicas need no coordination; read with <see cref="Snapshot"/>.
/// </summary>
/// <remarks>
/// The single store of the router's counts: GET /stats reads it with <see cref="Snapshot"/>, and <see cref="RouterMetrics"/>
/// publishes the same counters through observable instruments of the one Meter, read only when an exporter collects.
/// Nothing is counted twice, so /stats and /metrics (or OTLP) always agree. Durations, which /stats never showed, are
/// histograms recorded straight into the Meter.
/// </remarks>
internal sealed class RouterStatistics
{
    private static readonly int FaultKindCount = Enum.GetValues<FaultKind>().Length;

    private readonly ConcurrentDictionary<string, TrafficCounters> _routes = new(StringComparer.Ordinal);
    private readonly ConcurrentDictionary<string, TrafficCounters> _destinations = new(StringComparer.Ordinal);
    private readonly ConcurrentDictionary<string, ConnectionCounters> _connections = new(StringComparer.Ordinal);
    private readonly ConcurrentDictionary<string, TrafficCounters> _listeners = new(StringComparer.Ordinal);
    private readonly ConcurrentDictionary<string, CacheCounters> _caches = new(StringComparer.Ordinal);
    private readonly TrafficCounters _verbatim = new();
    private readonly TrafficCounters _reencoded = new();
    private readonly long[] _faults = new long[FaultKindCount];
    private long _messages;
    private long _oneWay;
    private long _bytesIn;
    private long _bytesOut;
    private long _forwarded;
    private long _attempts;
    private long _failovers;

    /// <summary>
    /// Counts one handled message and the bytes exchanged with the client for it. <paramref name="path"/> is null
    /// when the message was never forwarded (no route, bad request).
    /// </summary>
    public void RecordMessage(ForwardingPath? path, bool oneWay, long bytesIn, long bytesOut, bool failed = false)
    {
        Interlocked.Increment(ref _messages);
        if (oneWay)
        {
            Interlocked.Increment(ref _oneWay);
        }

        Interlocked.Add(ref _bytesIn, bytesIn);
        Interlocked.Add(ref _bytesOut, bytesOut);
        if (path is { } p)
        {
            Path(p).Record(bytesIn, bytesOut, failed);
        }
    }

    /// <summary>Adds the bytes of a message counted already (a streamed one) to the totals and its path's counters.</summary>
    public void AddBytes(ForwardingPath path, long bytesIn, long bytesOut, bool failed = false)
    {
        Interlocked.Add(ref _bytesIn, bytesIn);
        Interlocked.Add(ref _bytesOut, bytesOut);
        Path(path).AddBytes(bytesIn, bytesOut, failed);
    }

    /// <summary>
    /// Counts one message forwarded with <paramref name="attempts"/> attempts (every attempt past the first is a retry on
    /// another destination); <paramref name="failedOver"/>: a destination other than the first tried answered.
    /// </summary>
    public void RecordForward(int attempts, bool failedOver)
    {
        Interlocked.Increment(ref _forwarded);
        Interlocked.Add(ref _attempts, attempts);
        if (failedOver)
        {
            Interlocked.Increment(ref _failovers);
        }
    }

    /// <summary>Messages that were forwarded (at least one attempt made).</summary>
    public long Forwarded => Interlocked.Read(ref _forwarded);

    /// <summary>Forwarding attempts, first ones included.</summary>
    public long Attempts => Interlocked.Read(ref _attempts);

    /// <summary>Attempts past the first of their message.</summary>
    public long Retries => Math.Max(0, Attempts - Forwarded);

    /// <summary>Messages answered by a destination other than the first tried.</summary>
    public long Failovers => Interlocked.Read(ref _failovers);

    /// <summary>Messages handled (the counter behind /stats "messages").</summary>
    public long Messages => Interlocked.Read(ref _messages);

    /// <summary>Bytes received from clients.</summary>
    public long BytesIn => Interlocked.Read(ref _bytesIn);

    /// <summary>Bytes sent to clients.</summary>
    public long BytesOut => Interlocked.Read(ref _bytesOut);

    /// <summary>The TLS handshake counts.</summary>
    public TlsCounters Tls { get; } = new();

    /// <summary>Faults of <paramref name="kind"/> so far.</summary>
    public long Faults(FaultKind kind) => Fault(kind);

    /// <summary>Counts one fault of <paramref name="kind"/>.</summary>
    public void RecordFault(FaultKind kind) => Interlocked.Increment(ref _faults[(int)kind]);

    /// <summary>What the transcoders on the re-encode path did.</summary>
    public TranscodingCounters Transcoding { get; } = new();

    /// <summary>The counters of one forwarding path.</summary>
    public TrafficCounters Path(ForwardingPath path) => path == ForwardingPath.Verbatim ? _verbatim : _reencoded;

    /// <summary>The counters of route <paramref name="name"/>, created on first use; cache the result per route.</summary>
    public TrafficCounters Route(string name) => _routes.GetOrAdd(name, static _ => new TrafficCounters());

    /// <summary>The counters of listener <paramref name="name"/> (messages it received, bytes with its clients), created on first use.</summary>
    public TrafficCounters Listener(string name) =>
        _listeners.TryGetValue(name, out var counters) ? counters : _listeners.GetOrAdd(name, static _ => new TrafficCounters());

    /// <summary>The response cache counters of route <paramref name="name"/>, created on first use.</summary>
    public CacheCounters Cache(string name) =>
        _caches.TryGetValue(name, out var counters) ? counters : _caches.GetOrAdd(name, static _ => new CacheCounters());

    /// <summary>Every caching route's cache counters, by name.</summary>
    public IEnumerable<KeyValuePair<string, CacheCounters>> AllCaches => _caches;

    /// <summary>Every route's counters, by name.</summary>
    public IEnumerable<KeyValuePair<string, TrafficCounters>> AllRoutes => _routes;

    /// <summary>Every destination's counters, by name.</summary>
    public IEnumerable<KeyValuePair<string, TrafficCounters>> AllDestinations => _destinations;

    /// <summary>Every listener's counters, by name.</summary>
    public IEnumerable<KeyValuePair<string, TrafficCounters>> AllListeners => _listeners;

    /// <summary>The counters of destination <paramref name="name"/>, created on first use; cache the result per destination.</summary>
    public TrafficCounters Destination(string name) => _destinations.GetOrAdd(name, static _ => new TrafficCounters());

    /// <summary>
    /// The connection counters of the listener endpoint serving <paramref name="listeners"/> (names joined by ','),
    /// created on first use with <paramref name="limit"/> (int.MaxValue: none of its own).
    /// </summary>
    public ConnectionCounters Connections(string listeners, int limit) =>
        _connections.GetOrAdd(listeners, static (name, max) => new ConnectionCounters(name, max), limit);

    /// <summary>The connection counters of every listener endpoint.</summary>
    public ICollection<ConnectionCounters> AllConnections => _connections.Values;

    /// <summary>
    /// Drops the counters of routes (and their caches) not in <paramref name="routes"/> and of destinations not in
    /// <paramref name="destinations"/>, on a reload that removed them. Messages still in flight on the old config count
    /// into the dropped counters, which nobody reads any more.
    /// </summary>
    public void Retain(IReadOnlySet<string> routes, IReadOnlySet<string> destinations)
    {
        _routes.RetainNames(routes);
        _caches.RetainNames(routes);
        _destinations.RetainNames(destinations);
        Tls.RetainDestinations(destinations);
    }

    /// <summary>Reads every counter into immutable records for JSON; counters are read one by one, not as one atomic view.</summary>
    public StatisticsSnapshot Snapshot()
    {
        // One-way first: RecordMessage counts the message before its kind, so this order keeps oneWay <= messages.
        var oneWay = Interlocked.Read(ref _oneWay);
        var messages = Interlocked.Read(ref _messages);
        return new StatisticsSnapshot(
            messages,
            oneWay,
            // Derived, so the two always add up to Messages within one snapshot.
            messages - oneWay,
            Interlocked.Read(ref _bytesIn),
            Interlocked.Read(ref _bytesOut),
            new FaultsSnapshot(
                Fault(FaultKind.NoRoute),
                Fault(FaultKind.BackendFault),
                Fault(FaultKind.BackendUnavailable),
                Fault(FaultKind.BadRequest),
                Fault(FaultKind.RouterBusy),
                Fault(FaultKind.ClientAborted),
                Fault(FaultKind.BackendError),
                Fault(FaultKind.SlowClient),
                Fault(FaultKind.ClientRateLimited),
                Fault(FaultKind.TlsHandshake),
                Fault(FaultKind.AccessDenied),
                Fault(FaultKind.ReplyNotReencoded)),
            new PathsSnapshot(_verbatim.Snapshot(), _reencoded.Snapshot(), Transcoding.Snapshot()),
            ProcessSnapshot.Now(),
            SnapshotOf(_routes),
            SnapshotOf(_destinations),
            ConnectionsOf(_connections),
            Tls.Snapshot());
    }

    private long Fault(FaultKind kind) => Interlocked.Read(ref _faults[(int)kind]);

    private static ImmutableSortedDictionary<string, TrafficSnapshot> SnapshotOf(ConcurrentDictionary<string, TrafficCounters> counters) =>
        SnapshotOf(counters, static counter => counter.Snapshot());

    private static ImmutableSortedDictionary<string, ConnectionsSnapshot> ConnectionsOf(ConcurrentDictionary<string, ConnectionCounters> counters) =>
        SnapshotOf(counters, static counter => counter.Snapshot());

    private static ImmutableSortedDictionary<string, TSnapshot> SnapshotOf<TCounters, TSnapshot>(
        ConcurrentDictionary<string, TCounters> counters, Func<TCounters, TSnapshot> snapshot)
        where TCounters : notnull
    {
        var builder = ImmutableSortedDictionary.CreateBuilder<string, TSnapshot>(StringComparer.Ordinal);
        foreach (var (name, value) in counters)
        {
            builder[name] = snapshot(value);
        }

        return builder.ToImmutable();
    }
}
