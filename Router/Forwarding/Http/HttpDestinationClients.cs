using System.Collections.Concurrent;
using SoapRouter.LoadBalancing;

namespace SoapRouter.Forwarding.Http;

/// <summary>
/// One <see cref="HttpDestinationClient"/> per destination (and connect timeout), created on first use and reused.
/// Keyed by the destination's state, which a reload keeps for unchanged destinations, so their connections survive
/// it. <see cref="Retain"/> retires the pools a new config no longer uses, after a drain delay.
/// </summary>
internal sealed class HttpDestinationClients : IDisposable
{
    /// <summary>Default connection limit per destination: high enough never to be the bottleneck, bounded so a
    /// stalled backend cannot take every ephemeral port.</summary>
    public const int DefaultMaxConnectionsPerServer = 1024;

    /// <summary>
    /// The environment variable that, set to 0, sends every verbatim request through HttpClient instead of the router's
    /// own HTTP/1.1 client: the A/B switch of the pass-through benchmark, and a way back should a backend need it.
    /// </summary>
    public const string OwnHttp1Variable = "SOAPROUTER_OWN_HTTP1";

    private static readonly bool OwnHttp1Client = Environment.GetEnvironmentVariable(OwnHttp1Variable) != "0";

    private readonly ConcurrentDictionary<Key, HttpDestinationClient> _clients = new();
    private readonly Dictionary<HttpDestinationClient, ITimer> _draining = new(ReferenceEqualityComparer.Instance);
    private readonly TimeProvider _timeProvider;
    private readonly TimeSpan _drainDelay;
    private readonly int _maxConnectionsPerServer;
    private readonly Tls.TlsCertificates _certificates;
    private readonly bool _ownsCertificates;
    private readonly Telemetry.TlsCounters? _tlsCounters;
    private bool _disposed;

    /// <summary>
    /// Creates an empty set. <paramref name="drainDelay"/>: how long a retired pool stays open for messages still
    /// in flight on the old config; it should exceed the longest request timeout.
    /// </summary>
    /// <remarks><paramref name="certificates"/> keeps https destinations' client certificates current; without it (tests) a TLS destination gets a private set.</remarks>
    public HttpDestinationClients(
        TimeProvider timeProvider,
        TimeSpan drainDelay,
        int maxConnectionsPerServer = DefaultMaxConnectionsPerServer,
        Tls.TlsCertificates? certificates = null,
        Telemetry.TlsCounters? tlsCounters = null)
    {
        _ownsCertificates = certificates is null;
        _certificates = certificates ?? new Tls.TlsCertificates(timeProvider, Microsoft.Extensions.Logging.Abstractions.NullLogger<Tls.TlsCertificates>.Instance);
        _tlsCounters = tlsCounters;
        ArgumentOutOfRangeException.ThrowIfLessThan(drainDelay, TimeSpan.Zero);
        ArgumentOutOfRangeException.ThrowIfLessThan(maxConnectionsPerServer, 1);
        _timeProvider = timeProvider;
        _drainDelay = drainDelay;
        _maxConnectionsPerServer = maxConnectionsPerServer;
    }

    /// <summary>How many pools are open.</summary>
    public int Count => _clients.Count;

    /// <summary>The pool for <paramref name="destination"/> with <paramref name="connectTimeout"/>, created on first use.</summary>
    public HttpDestinationClient Get(DestinationState destination, TimeSpan connectTimeout)
    {
        ArgumentNullException.ThrowIfNull(destination);
        var key = new Key(destination, connectTimeout);
        return _clients.TryGetValue(key, out var client) ? client : Add(key);
    }

    /// <summary>
    /// Keeps the pools of destinations some cluster in <paramref name="clusters"/> still uses (with the same
    /// connect timeout) and retires the others: they leave the set now and are disposed after the drain delay.
    /// Call it after a reload has swapped in the new cluster states.
    /// </summary>
    public void Retain(IReadOnlyDictionary<string, ClusterState> clusters)
    {
        ArgumentNullException.ThrowIfNull(clusters);
        var used = new HashSet<Key>();
        foreach (var cluster in clusters.Values)
        {
            foreach (var destination in cluster.Primaries)
            {
                used.Add(new Key(destination, cluster.ConnectTimeout));
            }

            foreach (var destination in cluster.Backups)
            {
                used.Add(new Key(destination, cluster.ConnectTimeout));
            }
        }

        foreach (var (key, client) in _clients)
        {
            if (!used.Contains(key) && _clients.TryRemove(new KeyValuePair<Key, HttpDestinationClient>(key, client)))
            {
                Retire(client);
            }
        }
    }

    /// <summary>Disposes every pool now, including retired ones still draining.</summary>
    public void Dispose()
    {
        lock (_draining)
        {
            _disposed = true;
            foreach (var (client, timer) in _draining)
            {
                timer.Dispose();
                client.Dispose();
            }

            _draining.Clear();
        }

        foreach (var (_, client) in _clients)
        {
            client.Dispose();
        }

        _clients.Clear();
        if (_ownsCertificates)
        {
            _certificates.Dispose();
        }
    }

    private HttpDestinationClient Add(Key key)
    {
        // A pool created after Dispose would never be closed.
        ObjectDisposedException.ThrowIf(Volatile.Read(ref _disposed), this);
        var tls = Tls.DestinationTls.Create(key.Destination, _certificates, _tlsCounters);
        var created = new HttpDestinationClient(
            key.Destination, key.ConnectTimeout, _maxConnectionsPerServer, tls, OwnHttp1Client ? _timeProvider : null);
        var winner = _clients.GetOrAdd(key, created);
        if (!ReferenceEquals(winner, created))
        {
            // Another message created the pool first; this one never opened a connection.
            created.Dispose();
        }

        return winner;
    }

    private void Retire(HttpDestinationClient client)
    {
        lock (_draining)
        {
            if (_disposed)
            {
                client.Dispose();
                return;
            }

            var timer = _timeProvider.CreateTimer(
                static state =>
                {
                    var (owner, retired) = ((HttpDestinationClients, HttpDestinationClient))state!;
                    owner.FinishDraining(retired);
                },
                (this, client),
                Timeout.InfiniteTimeSpan,
                Timeout.InfiniteTimeSpan);
            _draining.Add(client, timer);

            // Started only once registered, so a zero delay that fires at once finds it.
            timer.Change(_drainDelay, Timeout.InfiniteTimeSpan);
        }
    }

    private void FinishDraining(HttpDestinationClient client)
    {
        ITimer? timer;
        lock (_draining)
        {
            _draining.Remove(client, out timer);
        }

        timer?.Dispose();
        client.Dispose();
    }

    /// <summary>A destination state (compared by reference) with the connect timeout its pool was built for.</summary>
    private readonly record struct Key(DestinationState Destination, TimeSpan ConnectTimeout);
}
