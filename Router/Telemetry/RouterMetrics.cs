using System.Diagnostics.Metrics;
using SoapRouter.Admin;
using SoapRouter.Compression;
using SoapRouter.Forwarding;

namespace SoapRouter.Telemetry;

/// <summary>
/// The router's one Meter (<see cref="RouterTelemetry.Name"/>). Counts are not kept twice: the lock-free counters of
/// <see cref="RouterStatistics"/> (and the compression links and destination health) stay the single store that GET
/// /stats reads, and every count here is an observable instrument that reads the same counters when an exporter
/// collects (Prometheus scrape, OTLP push, a test's MeterListener). Only the durations, which /stats does not show, are
/// recorded per message, into histograms, and only while something listens to them.
/// </summary>
internal sealed class RouterMetrics : IDisposable
{
    private static readonly KeyValuePair<string, object?> Success = new("soaprouter.outcome", "success");
    private static readonly KeyValuePair<string, object?> Failure = new("soaprouter.outcome", "failure");
    private static readonly KeyValuePair<string, object?> In = new("soaprouter.direction", "in");
    private static readonly KeyValuePair<string, object?> Out = new("soaprouter.direction", "out");

    private readonly RouterStatistics _statistics;
    private readonly IHealthSource _health;
    private readonly CompressionLinks _compression;
    private readonly Histogram<double> _messageDuration;
    private readonly Histogram<double> _attemptDuration;
    private readonly Tls.TlsCertificates? _certificates;
    private readonly Forwarding.NetTcp.NetTcpDestinationClients? _netTcp;

    /// <summary>
    /// Creates the Meter and its instruments over <paramref name="statistics"/>, <paramref name="health"/>,
    /// <paramref name="compression"/> and, when given, the expiry of <paramref name="certificates"/>.
    /// </summary>
    public RouterMetrics(
        RouterStatistics statistics, IHealthSource health, CompressionLinks compression, Tls.TlsCertificates? certificates = null, Forwarding.NetTcp.NetTcpDestinationClients? netTcp = null)
    {
        _netTcp = netTcp;
        _certificates = certificates;
        _statistics = statistics;
        _health = health;
        _compression = compression;
        Meter = new Meter(RouterTelemetry.Name, typeof(RouterMetrics).Assembly.GetName().Version?.ToString());

        Meter.CreateObservableCounter(MetricNames.Messages, () => ByOutcome(_statistics.AllListeners, "soaprouter.listener"), "{message}", "Messages handled, by listener and outcome");
        Meter.CreateObservableCounter(MetricNames.RouteMessages, () => ByOutcome(_statistics.AllRoutes, "soaprouter.route"), "{message}", "Messages routed, by route and outcome");
        Meter.CreateObservableCounter(MetricNames.PathMessages, ObservePaths, "{message}", "Messages forwarded, by path (verbatim or reencoded)");
        Meter.CreateObservableCounter(MetricNames.Transcoded, ObserveTranscoding, "{attempt}", "Re-encode attempts whose request or reply was transcoded by the router, or left to WCF (by direction and by)");
        Meter.CreateObservableCounter(MetricNames.Faults, ObserveFaults, "{fault}", "Faults the router answered or messages it dropped, by kind");
        Meter.CreateObservableCounter(MetricNames.ListenerBytes, () => Bytes(_statistics.AllListeners, "soaprouter.listener"), "By", "Bytes exchanged with clients, by listener and direction");
        Meter.CreateObservableCounter(MetricNames.DestinationBytes, () => Bytes(_statistics.AllDestinations, "soaprouter.destination"), "By", "Bytes exchanged with destinations, by destination and direction");
        Meter.CreateObservableCounter(MetricNames.DestinationAttempts, () => ByOutcome(_statistics.AllDestinations, "soaprouter.destination"), "{attempt}", "Forwarding attempts, by destination and outcome");
        Meter.CreateObservableCounter(MetricNames.Attempts, () => _statistics.Attempts, "{attempt}", "Forwarding attempts, first ones included");
        Meter.CreateObservableCounter(MetricNames.Retries, () => _statistics.Retries, "{attempt}", "Attempts past the first of their message");
        Meter.CreateObservableCounter(MetricNames.Failovers, () => _statistics.Failovers, "{message}", "Messages answered by another destination than the first tried");
        Meter.CreateObservableCounter(MetricNames.CompressionOriginal, () => Compression(static s => s.OriginalBytes), "By", "Original bytes of what each link sent compressed");
        Meter.CreateObservableCounter(MetricNames.CompressionCompressed, () => Compression(static s => s.CompressedBytes), "By", "Compressed bytes each link sent");
        Meter.CreateObservableCounter(MetricNames.CompressionSaved, () => Compression(static s => s.BytesSaved), "By", "Bytes each link saved by compressing");
        Meter.CreateObservableGauge(MetricNames.CompressionRatio, ObserveRatios, "1", "Compressed over original bytes so far, per link");
        Meter.CreateObservableGauge(MetricNames.DestinationHealth, ObserveHealth, "1", "1 while a destination is healthy, 0 while ejected or unhealthy");
        Meter.CreateObservableUpDownCounter(MetricNames.OpenConnections, ObserveConnections, "{connection}", "Client connections open now, per listener endpoint");
        Meter.CreateObservableUpDownCounter(MetricNames.NetTcpSessions, ObserveNetTcpSessions, "{session}", "Sessions open to each net.tcp destination now, pooled or with affinity");
        Meter.CreateObservableCounter(MetricNames.TlsHandshakes, () => _statistics.Tls.Snapshot().Handshakes, "{handshake}", "Client TLS handshakes the listeners completed");
        Meter.CreateObservableCounter(MetricNames.TlsHandshakeFailures, ObserveHandshakeFailures, "{handshake}", "Client TLS handshakes that failed, by reason class");
        Meter.CreateObservableCounter(MetricNames.TlsDestinationHandshakes, ObserveDestinationHandshakes, "{handshake}", "The router's TLS handshakes with destinations, by destination and outcome");
        Meter.CreateObservableGauge(MetricNames.CertificateExpiry, ObserveCertificateExpiry, "s", "Seconds until a certificate the router serves or presents expires (negative once expired)");
        Meter.CreateObservableCounter(MetricNames.CacheLookups, ObserveCacheLookups, "{lookup}", "Response cache lookups, by route and result (hit, join, miss)");
        Meter.CreateObservableCounter(MetricNames.CacheNotStored, () => Cache(static c => c.NotStored), "{reply}", "Replies the response cache fetched but did not store");
        Meter.CreateObservableCounter(MetricNames.CacheRemovals, ObserveCacheRemovals, "{entry}", "Response cache entries dropped, by route and reason");
        Meter.CreateObservableUpDownCounter(MetricNames.CacheBytes, () => Cache(static c => c.Bytes), "By", "Bytes the response cache holds in process now, by route");
        Meter.CreateObservableUpDownCounter(MetricNames.CacheEntries, () => Cache(static c => c.Entries), "{entry}", "Entries the response cache holds in process now, by route");
        _messageDuration = Meter.CreateHistogram<double>(MetricNames.MessageDuration, "s", "From a message's arrival to its answer");
        _attemptDuration = Meter.CreateHistogram<double>(MetricNames.AttemptDuration, "s", "One forwarding attempt");
    }

    /// <summary>The Meter, for tests that listen to this router's instruments only.</summary>
    public Meter Meter { get; }

    /// <inheritdoc />
    public void Dispose() => Meter.Dispose();

    private IEnumerable<Measurement<long>> ObserveNetTcpSessions()
    {
        if (_netTcp is null)
        {
            yield break;
        }

        foreach (var (destination, counts) in _netTcp.Sessions())
        {
            var tag = new KeyValuePair<string, object?>("soaprouter.destination", destination);
            yield return new Measurement<long>(counts.Pooled, tag, new KeyValuePair<string, object?>("soaprouter.session.mode", "pooled"));
            yield return new Measurement<long>(counts.Affinity, tag, new KeyValuePair<string, object?>("soaprouter.session.mode", "affinity"));
        }
    }

    private List<Measurement<long>> ObserveCacheLookups()
    {
        var measurements = new List<Measurement<long>>();
        foreach (var (route, counters) in _statistics.AllCaches)
        {
            var tag = new KeyValuePair<string, object?>("soaprouter.route", route);
            measurements.Add(new Measurement<long>(counters.Hits, tag, new KeyValuePair<string, object?>("soaprouter.cache.result", "hit")));
            measurements.Add(new Measurement<long>(counters.Joins, tag, new KeyValuePair<string, object?>("soaprouter.cache.result", "join")));
            measurements.Add(new Measurement<long>(counters.Misses, tag, new KeyValuePair<string, object?>("soaprouter.cache.result", "miss")));
        }

        return measurements;
    }

    private List<Measurement<long>> ObserveCacheRemovals()
    {
        var measurements = new List<Measurement<long>>();
        foreach (var (route, counters) in _statistics.AllCaches)
        {
            var tag = new KeyValuePair<string, object?>("soaprouter.route", route);
            measurements.Add(new Measurement<long>(counters.Evictions, tag, new KeyValuePair<string, object?>("soaprouter.cache.reason", "memory")));
            measurements.Add(new Measurement<long>(counters.Expirations, tag, new KeyValuePair<string, object?>("soaprouter.cache.reason", "expired")));
            measurements.Add(new Measurement<long>(counters.Invalidations, tag, new KeyValuePair<string, object?>("soaprouter.cache.reason", "invalidated")));
        }

        return measurements;
    }

    private List<Measurement<long>> Cache(Func<CacheCounters, long> value)
    {
        var measurements = new List<Measurement<long>>();
        foreach (var (route, counters) in _statistics.AllCaches)
        {
            measurements.Add(new Measurement<long>(value(counters), new KeyValuePair<string, object?>("soaprouter.route", route)));
        }

        return measurements;
    }

    private IEnumerable<Measurement<long>> ObserveHandshakeFailures()
    {
        foreach (var (reason, count) in _statistics.Tls.Snapshot().HandshakeFailures)
        {
            yield return new Measurement<long>(count, new KeyValuePair<string, object?>("soaprouter.tls.reason", reason));
        }
    }

    private IEnumerable<Measurement<long>> ObserveDestinationHandshakes()
    {
        var tls = _statistics.Tls.Snapshot();
        foreach (var (destination, count) in tls.DestinationHandshakes)
        {
            var failed = tls.DestinationFailures.TryGetValue(destination, out var failures) ? failures : 0;
            var tag = new KeyValuePair<string, object?>("soaprouter.destination", destination);
            yield return new Measurement<long>(count - failed, tag, Success);
            yield return new Measurement<long>(failed, tag, Failure);
        }
    }

    private IEnumerable<Measurement<double>> ObserveCertificateExpiry()
    {
        if (_certificates is null)
        {
            yield break;
        }

        foreach (var (certificate, seconds) in _certificates.SecondsUntilExpiry())
        {
            yield return new Measurement<double>(
                seconds,
                new KeyValuePair<string, object?>("soaprouter.certificate", certificate.Name),
                new KeyValuePair<string, object?>("soaprouter.certificate.subject", certificate.Current.Leaf.Subject));
        }
    }

    /// <summary>Records how long a message took; <paramref name="route"/> null when none matched.</summary>
    public void RecordMessage(string listener, string? route, bool failed, TimeSpan elapsed)
    {
        if (!_messageDuration.Enabled)
        {
            return;
        }

        _messageDuration.Record(
            elapsed.TotalSeconds,
            new KeyValuePair<string, object?>("soaprouter.listener", listener),
            new KeyValuePair<string, object?>("soaprouter.route", route ?? "none"),
            failed ? Failure : Success);
    }

    /// <summary>Records how long an attempt to <paramref name="destination"/> took and how it ended.</summary>
    public void RecordAttempt(string destination, ForwardError error, TimeSpan elapsed)
    {
        if (!_attemptDuration.Enabled)
        {
            return;
        }

        _attemptDuration.Record(
            elapsed.TotalSeconds,
            new KeyValuePair<string, object?>("soaprouter.destination", destination),
            new KeyValuePair<string, object?>("soaprouter.attempt.error", ForwardErrorNames.Of(error)));
    }

    private static List<Measurement<long>> ByOutcome(IEnumerable<KeyValuePair<string, TrafficCounters>> counters, string tag)
    {
        var measurements = new List<Measurement<long>>();
        foreach (var (name, counter) in counters)
        {
            var failures = counter.Failures;
            var named = new KeyValuePair<string, object?>(tag, name);
            measurements.Add(new Measurement<long>(Math.Max(0, counter.Messages - failures), named, Success));
            measurements.Add(new Measurement<long>(failures, named, Failure));
        }

        return measurements;
    }

    private static List<Measurement<long>> Bytes(IEnumerable<KeyValuePair<string, TrafficCounters>> counters, string tag)
    {
        var measurements = new List<Measurement<long>>();
        foreach (var (name, counter) in counters)
        {
            var named = new KeyValuePair<string, object?>(tag, name);
            measurements.Add(new Measurement<long>(counter.BytesIn, named, In));
            measurements.Add(new Measurement<long>(counter.BytesOut, named, Out));
        }

        return measurements;
    }

    private Measurement<long>[] ObservePaths() =>
    [
        new(_statistics.Path(ForwardingPath.Verbatim).Messages, new KeyValuePair<string, object?>("soaprouter.path", "verbatim")),
        new(_statistics.Path(ForwardingPath.Reencoded).Messages, new KeyValuePair<string, object?>("soaprouter.path", "reencoded")),
    ];

    private Measurement<long>[] ObserveTranscoding()
    {
        var counts = _statistics.Transcoding.Snapshot();
        return
        [
            Transcoding(counts.Requests, "request", "router"),
            Transcoding(counts.Replies, "reply", "router"),
            Transcoding(counts.RequestsToWcf, "request", "wcf"),
            Transcoding(counts.RepliesToWcf, "reply", "wcf"),
        ];
    }

    private static Measurement<long> Transcoding(long count, string direction, string by) =>
        new(count, new KeyValuePair<string, object?>("soaprouter.direction", direction), new KeyValuePair<string, object?>("soaprouter.by", by));

    private List<Measurement<long>> ObserveFaults()
    {
        var measurements = new List<Measurement<long>>();
        foreach (var (kind, name) in FaultKindNames.All)
        {
            measurements.Add(new Measurement<long>(_statistics.Faults(kind), new KeyValuePair<string, object?>("soaprouter.fault", name)));
        }

        return measurements;
    }

    private List<Measurement<long>> Compression(Func<Wire.Compression.CompressionStatisticsSnapshot, long> value)
    {
        var measurements = new List<Measurement<long>>();
        foreach (var (link, snapshot) in _compression.Snapshot())
        {
            measurements.Add(new Measurement<long>(value(snapshot), new KeyValuePair<string, object?>("soaprouter.link", link)));
        }

        return measurements;
    }

    private List<Measurement<double>> ObserveRatios()
    {
        var measurements = new List<Measurement<double>>();
        foreach (var (link, snapshot) in _compression.Snapshot())
        {
            if (snapshot.OriginalBytes > 0)
            {
                measurements.Add(new Measurement<double>(
                    (double)snapshot.CompressedBytes / snapshot.OriginalBytes, new KeyValuePair<string, object?>("soaprouter.link", link)));
            }
        }

        return measurements;
    }

    private List<Measurement<int>> ObserveHealth()
    {
        var measurements = new List<Measurement<int>>();
        foreach (var (destination, health) in _health.GetDestinations())
        {
            measurements.Add(new Measurement<int>(
                health.State == "healthy" ? 1 : 0,
                new KeyValuePair<string, object?>("soaprouter.destination", destination),
                new KeyValuePair<string, object?>("soaprouter.health", health.State)));
        }

        return measurements;
    }

    private List<Measurement<int>> ObserveConnections()
    {
        var measurements = new List<Measurement<int>>();
        foreach (var connections in _statistics.AllConnections)
        {
            measurements.Add(new Measurement<int>(connections.Live, new KeyValuePair<string, object?>("soaprouter.listeners", connections.Listeners)));
        }

        return measurements;
    }
}
