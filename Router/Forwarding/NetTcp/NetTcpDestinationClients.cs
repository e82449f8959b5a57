using System.Collections.Concurrent;
using System.ServiceModel.Channels;
using SoapRouter.LoadBalancing;
using SoapRouter.Wire.Compression;
using SoapRouter.Wire.Encoding;

namespace SoapRouter.Forwarding.NetTcp;

/// <summary>
/// One <see cref="NetTcpDestinationClient"/> per net.tcp destination (and the timeouts, limits and session count it was
/// made with), created on first use and reused, so its sessions survive reloads that leave it unchanged; and the TLS
/// side of each streamed netTcp destination with a tls section (<see cref="StreamedTls"/>), whose calls open a
/// connection each. <see cref="Retain"/> retires what a new config no longer uses, after a drain delay.
/// </summary>
/// <param name="drainDelay">How long retired clients stay open for messages still using them.</param>
/// <param name="certificates">Keeps destinations' client certificates current; without it (tests) a private set is used.</param>
internal sealed class NetTcpDestinationClients(
    TimeProvider timeProvider, TimeSpan drainDelay, ILogger<NetTcpDestinationClients> logger, Tls.TlsCertificates? certificates = null, Telemetry.TlsCounters? tlsCounters = null)
    : IDisposable
{
    private readonly ConcurrentDictionary<NetTcpClientKey, Lazy<NetTcpDestinationClient>> _clients = new();
    private readonly ConcurrentDictionary<DestinationState, Lazy<Tls.DestinationTls?>> _streamedTls = new(ReferenceEqualityComparer.Instance);
    private readonly List<ITimer> _draining = [];
    private readonly TimeProvider _timeProvider = timeProvider;
    private readonly TimeSpan _drainDelay = drainDelay;
    private readonly ILogger _logger = logger;
    private readonly Tls.TlsCertificates _certificates = certificates ?? new Tls.TlsCertificates(timeProvider, Microsoft.Extensions.Logging.Abstractions.NullLogger<Tls.TlsCertificates>.Instance);
    private readonly bool _ownsCertificates = certificates is null;
    private readonly Telemetry.TlsCounters? _tlsCounters = tlsCounters;
    private bool _disposed;

    /// <summary>How many clients are open.</summary>
    public int Count => _clients.Count;

    /// <summary>
    /// The client of <paramref name="destination"/> in <paramref name="cluster"/>, created on first use, with
    /// <paramref name="sessions"/> pooled sessions and at most <paramref name="maxDedicated"/> sessions with affinity.
    /// </summary>
    public NetTcpDestinationClient Get(DestinationState destination, ClusterState cluster, WireLimits limits, int sessions, int maxDedicated)
    {
        ArgumentNullException.ThrowIfNull(destination);
        ArgumentNullException.ThrowIfNull(cluster);
        ObjectDisposedException.ThrowIf(Volatile.Read(ref _disposed), this);
        var key = new NetTcpClientKey(
            destination, cluster.ConnectTimeout, cluster.RequestTimeout, limits, sessions, SessionCompression(destination.Config.Compression));
        var client = _clients.GetOrAdd(key, static (key, owner) => new Lazy<NetTcpDestinationClient>(
            () => new NetTcpDestinationClient(
                key.Destination, key.Limits, key.ConnectTimeout, key.RequestTimeout, key.Sessions, owner._logger, key.Compression,
                Tls.DestinationTls.Create(key.Destination, owner._certificates, owner._tlsCounters))), this);

        // Not part of the key: a new limit applies to the sessions opened from now on, and the open ones stay.
        client.Value.MaxDedicated = maxDedicated;
        return client.Value;
    }

    /// <summary>
    /// The TLS side of streamed netTcp destination <paramref name="destination"/> (its certificate check, client certificate
    /// and handshake counts), created on first use and kept while a cluster has the destination; null without a tls section.
    /// </summary>
    public Tls.DestinationTls? StreamedTls(DestinationState destination)
    {
        ArgumentNullException.ThrowIfNull(destination);
        if (destination.Config.Tls is null)
        {
            return null;
        }

        ObjectDisposedException.ThrowIf(Volatile.Read(ref _disposed), this);
        return _streamedTls.GetOrAdd(destination, static (destination, owner) => new Lazy<Tls.DestinationTls?>(
            () => Tls.DestinationTls.Create(destination, owner._certificates, owner._tlsCounters)), this).Value;
    }

    /// <summary>The sessions open to each destination now (pooled and with affinity), by destination name.</summary>
    public IReadOnlyDictionary<string, NetTcpSessionCounts> Sessions()
    {
        var counts = new SortedDictionary<string, NetTcpSessionCounts>(StringComparer.Ordinal);
        foreach (var (key, client) in _clients)
        {
            if (client.IsValueCreated)
            {
                var name = key.Destination.Name;
                var open = counts.GetValueOrDefault(name);
                counts[name] = new NetTcpSessionCounts(open.Pooled + client.Value.OpenSessions, open.Affinity + client.Value.DedicatedSessions);
            }
        }

        return counts;
    }

    /// <summary>
    /// The compressed session a destination's compression section asks for: net.tcp carries WCF's form only (validated:
    /// form wcf, codecs gzip or deflate), every message compressed with the first codec; none when disabled or mode none.
    /// </summary>
    public static CompressionFormat SessionCompression(CompressionOptions? compression) =>
        compression is { Enabled: true } && compression.Mode != LinkCompressionMode.None && compression.Codecs.Count > 0
            ? string.Equals(compression.Codecs[0], CompressionCodecNames.Deflate, StringComparison.OrdinalIgnoreCase) ? CompressionFormat.Deflate : CompressionFormat.GZip
            : CompressionFormat.None;

    /// <summary>Keeps the clients of destinations some cluster still has and retires the others (disposed after the drain delay).</summary>
    public void Retain(IReadOnlyDictionary<string, ClusterState> clusters)
    {
        ArgumentNullException.ThrowIfNull(clusters);
        var used = new HashSet<DestinationState>(ReferenceEqualityComparer.Instance);
        foreach (var cluster in clusters.Values)
        {
            foreach (var destination in cluster.Primaries)
            {
                used.Add(destination);
            }

            foreach (var destination in cluster.Backups)
            {
                used.Add(destination);
            }
        }

        foreach (var (key, client) in _clients)
        {
            if (!used.Contains(key.Destination) && _clients.TryRemove(new KeyValuePair<NetTcpClientKey, Lazy<NetTcpDestinationClient>>(key, client)))
            {
                Retire(client);
            }
        }

        foreach (var (destination, tls) in _streamedTls)
        {
            if (!used.Contains(destination) && _streamedTls.TryRemove(new KeyValuePair<DestinationState, Lazy<Tls.DestinationTls?>>(destination, tls)))
            {
                Retire(tls);
            }
        }
    }

    /// <inheritdoc />
    public void Dispose()
    {
        lock (_draining)
        {
            _disposed = true;
            foreach (var timer in _draining)
            {
                timer.Dispose();
            }

            _draining.Clear();
        }

        foreach (var (_, client) in _clients)
        {
            if (client.IsValueCreated)
            {
                client.Value.Dispose();
            }
        }

        _clients.Clear();
        foreach (var (_, tls) in _streamedTls)
        {
            if (tls.IsValueCreated)
            {
                tls.Value?.Dispose();
            }
        }

        _streamedTls.Clear();
        if (_ownsCertificates)
        {
            _certificates.Dispose();
        }
    }

    /// <summary>Disposes <paramref name="retired"/>'s value (when one was made) after the drain delay: messages still using it finish.</summary>
    private void Retire<T>(Lazy<T> retired)
        where T : IDisposable?
    {
        if (!retired.IsValueCreated || retired.Value is not { } value)
        {
            return;
        }

        lock (_draining)
        {
            if (_disposed)
            {
                value.Dispose();
                return;
            }

            _draining.Add(_timeProvider.CreateTimer(static state => ((IDisposable)state!).Dispose(), value, _drainDelay, Timeout.InfiniteTimeSpan));
        }
    }
}
