using System.Collections.Concurrent;
using System.Net;
using System.Security.Cryptography.X509Certificates;
using System.Text.Json;
using SoapRouter.Configuration;
using SoapRouter.Wire.Compression;

namespace SoapRouter.Compression;

/// <summary>
/// One <see cref="CompressionLink"/> per hop: each listener's clients and each destination. A link keeps what it
/// learned (ratios per action, bandwidth) across reloads while its options stay the same; changed options start a
/// fresh one. Links without a compression section still decode compressed input (under the cap) and count it.
/// Codec speeds are the machine's, so every link shares one <see cref="CodecPerformance"/> and one CPU sampler. A
/// listener's clients each have their own bandwidth estimate too (<see cref="Peers"/>, <see cref="Client"/>).
/// </summary>
/// <param name="time">The links' clock.</param>
/// <param name="cpu">The CPU sampler of every link (tests); null: the one each link's options name (one sampler per source, shared).</param>
internal sealed class CompressionLinks(TimeProvider time, ICpuSampler? cpu = null)
{
    private static readonly CompressionOptions DecodeOnly = new() { Enabled = false, Mode = LinkCompressionMode.None };

    private readonly ConcurrentDictionary<string, Entry> _links = new(StringComparer.Ordinal);
    private readonly CodecPerformance _performance = new();
    private readonly ICpuSampler? _cpu = cpu;
    private readonly Lazy<ICpuSampler> _machineCpu = new(() => MachineCpuSampler.For(CpuSource.Machine, time));
    private readonly Lazy<ICpuSampler> _processCpu = new(() => new ProcessCpuSampler(time));
    private readonly TimeProvider _time = time;

    /// <summary>The per-client link estimates of the listeners (compression.linkEstimates).</summary>
    public PeerLinkEstimates Peers { get; } = new(time);

    /// <summary>The link of listener <paramref name="name"/>'s clients.</summary>
    public CompressionLink Listener(string name) => Get(ListenerKey(name));

    /// <summary>
    /// <paramref name="link"/> (a listener's) as the client at <paramref name="address"/> with <paramref name="certificate"/>
    /// (may be null) sees it: with the client's own estimate where the link learns its bandwidth (adaptive, none configured).
    /// </summary>
    public ClientLink Client(CompressionLink link, IPAddress? address, X509Certificate2? certificate)
    {
        ArgumentNullException.ThrowIfNull(link);
        var learns = link.Options is { Enabled: true, Mode: LinkCompressionMode.Adaptive, BandwidthBytesPerSecond: null };
        return new ClientLink(link, learns ? Peers.Get(link, PeerKey.Of(address, certificate)) : null, Peers, _time);
    }

    /// <summary>The link to destination <paramref name="name"/>.</summary>
    public CompressionLink Destination(string name) => Get(DestinationKey(name));

    /// <summary>Builds or keeps the links of <paramref name="config"/>'s listeners and destinations; drops the others.</summary>
    public void Update(RouterConfig config)
    {
        var wanted = new Dictionary<string, CompressionOptions>(StringComparer.Ordinal);
        foreach (var listener in config.Listeners)
        {
            wanted[ListenerKey(listener.Name)] = listener.Compression ?? DecodeOnly;
        }

        foreach (var cluster in config.Clusters.Values)
        {
            foreach (var destination in cluster.Destinations.Concat(cluster.Backups))
            {
                wanted[DestinationKey(destination.Name)] = destination.Compression ?? DecodeOnly;
            }
        }

        foreach (var (key, options) in wanted)
        {
            var fingerprint = JsonSerializer.Serialize(options);
            if (!_links.TryGetValue(key, out var entry) || entry.Fingerprint != fingerprint)
            {
                _links[key] = new Entry(fingerprint, Create(options));
            }
        }

        foreach (var key in _links.Keys)
        {
            if (!wanted.ContainsKey(key))
            {
                _links.TryRemove(key, out _);
            }
        }

        // Clients' estimates belong to the link they were measured on: a rebuilt or removed link's go with it.
        var current = new HashSet<CompressionLink>(_links.Values.Select(static entry => entry.Link));
        Peers.Forget(link => !current.Contains(link));
        Peers.Configure(config.Compression.LinkEstimates);
    }

    /// <summary>The per-client estimates, each named by its link's key.</summary>
    public LinkEstimatesSnapshot PeersSnapshot()
    {
        var names = new Dictionary<CompressionLink, string>();
        foreach (var (key, entry) in _links)
        {
            names[entry.Link] = key;
        }

        return Peers.Snapshot(link => names.GetValueOrDefault(link));
    }

    /// <summary>Each link that compresses or has decoded anything, by "listener:name" or "destination:name".</summary>
    public SortedDictionary<string, CompressionStatisticsSnapshot> Snapshot()
    {
        var result = new SortedDictionary<string, CompressionStatisticsSnapshot>(StringComparer.Ordinal);
        foreach (var (key, entry) in _links)
        {
            var snapshot = entry.Link.GetStatistics();
            if (entry.Link.Options.Enabled || snapshot.Decompressed > 0 || snapshot.BombsRefused > 0 || snapshot.CorruptRefused > 0)
            {
                result[key] = snapshot;
            }
        }

        return result;
    }

    private CompressionLink Get(string key) =>
        _links.TryGetValue(key, out var entry) ? entry.Link : _links.GetOrAdd(key, _ => new Entry("", Create(DecodeOnly))).Link;

    private CompressionLink Create(CompressionOptions options) =>
        new(options, cpu: _cpu ?? (options.CpuSource == CpuSource.Process ? _processCpu : _machineCpu).Value, time: _time, performance: _performance);

    private static string ListenerKey(string name) => "listener:" + name;

    private static string DestinationKey(string name) => "destination:" + name;

    private sealed record Entry(string Fingerprint, CompressionLink Link);
}
