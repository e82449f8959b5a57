using System.Collections.Frozen;
using SoapRouter.Configuration;
using SoapRouter.Forwarding.Http;
using SoapRouter.Forwarding.NetTcp;
using SoapRouter.Hosting;
using SoapRouter.LoadBalancing;
using SoapRouter.Routing;
using SoapRouter.Telemetry;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Encoding;
using SoapRouter.Wire.Soap;
using Route = SoapRouter.Routing.Route;

namespace SoapRouter.Pipeline;

/// <summary>
/// What the pipeline derives from one <see cref="RouterState"/>, built once per config version so no message pays for
/// it: the text envelope reader and the WCF codecs of every HTTP binding (both with this config's limits), the HTTP
/// transport (reply size limit), each cluster's forward target, and the counters of every route and destination.
/// </summary>
internal sealed class PipelineState
{
    private readonly HttpCodecs _codecs;
    private readonly FrozenDictionary<string, ForwardTarget> _targets;
    private readonly FrozenDictionary<Route, TrafficCounters> _routeCounters;
    private readonly FrozenDictionary<DestinationState, TrafficCounters> _destinationCounters;
    private readonly RouterStatistics _statistics;

    private PipelineState(
        RouterState state,
        HttpVerbatimTransport transport,
        HttpStreamedTransport streamedTransport,
        NetTcpDestinationClients netTcp,
        FrozenDictionary<string, ForwardTarget> targets,
        FrozenDictionary<Route, TrafficCounters> routeCounters,
        FrozenDictionary<DestinationState, TrafficCounters> destinationCounters,
        RouterStatistics statistics)
    {
        State = state;
        Limits = ToWireLimits(state.Config.Limits);
        Reader = new SoapEnvelopeReader(state.Config.Limits.ReaderQuotas);
        Transport = transport;
        StreamedTransport = streamedTransport;
        NetTcp = netTcp;
        NetTcpSessions = state.Config.Limits.NetTcp.SessionsPerDestination;
        NetTcpMaxSessions = state.Config.Limits.NetTcp.MaxSessionsPerDestination;
        MaxMessageSize = Limits.MaxMessageSize;
        _codecs = new HttpCodecs(Limits);
        _targets = targets;
        _routeCounters = routeCounters;
        _destinationCounters = destinationCounters;
        _statistics = statistics;
    }

    /// <summary>The state this was built from.</summary>
    public RouterState State { get; }

    /// <summary>The message size and reader quotas of this config.</summary>
    public WireLimits Limits { get; }

    /// <summary>Reads text envelopes up to the Body with this config's quotas.</summary>
    public SoapEnvelopeReader Reader { get; }

    /// <summary>Sends encoded messages over HTTP, refusing replies over this config's message size.</summary>
    public HttpVerbatimTransport Transport { get; }

    /// <summary>Sends streamed messages over HTTP, handing replies back open.</summary>
    public HttpStreamedTransport StreamedTransport { get; }

    /// <summary>The sessions to net.tcp destinations.</summary>
    public NetTcpDestinationClients NetTcp { get; }

    /// <summary>How many pooled sessions each net.tcp destination gets.</summary>
    public int NetTcpSessions { get; }

    /// <summary>How many client sessions with affinity each net.tcp destination may serve at once.</summary>
    public int NetTcpMaxSessions { get; }

    /// <summary>The largest message accepted, in bytes.</summary>
    public int MaxMessageSize { get; }

    /// <summary>The transcoders' counters (the router's statistics).</summary>
    public TranscodingCounters Transcoding => _statistics.Transcoding;

    /// <summary>Builds the pipeline state of <paramref name="state"/>.</summary>
    public static PipelineState Build(
        RouterState state,
        HttpDestinationClients clients,
        NetTcpDestinationClients netTcp,
        RouterStatistics statistics,
        ILogger<HttpVerbatimTransport> transportLogger,
        Compression.CompressionLinks? compression = null)
    {
        ArgumentNullException.ThrowIfNull(state);
        var transport = new HttpVerbatimTransport(
            clients, state.Config.Limits.MaxMessageSize, transportLogger, compression: compression, maxDecompressedSize: state.Config.Limits.MaxDecompressedSize);
        var targets = new Dictionary<string, ForwardTarget>(StringComparer.Ordinal);
        foreach (var (name, cluster) in state.Clusters)
        {
            targets.Add(name, ForwardTarget.For(cluster));
        }

        var routes = new Dictionary<Route, TrafficCounters>(ReferenceEqualityComparer.Instance);
        foreach (var route in state.Routes.Routes)
        {
            routes[route] = statistics.Route(route.Name);
        }

        var destinations = new Dictionary<DestinationState, TrafficCounters>(ReferenceEqualityComparer.Instance);
        foreach (var cluster in state.Clusters.Values)
        {
            AddCounters(destinations, cluster.Primaries, statistics);
            AddCounters(destinations, cluster.Backups, statistics);
        }

        return new PipelineState(
            state,
            transport,
            new HttpStreamedTransport(clients, transportLogger),
            netTcp,
            targets.ToFrozenDictionary(StringComparer.Ordinal),
            routes.ToFrozenDictionary(ReferenceEqualityComparer.Instance),
            destinations.ToFrozenDictionary(ReferenceEqualityComparer.Instance),
            statistics);
    }

    /// <summary>The WCF codec of HTTP binding <paramref name="binding"/> with this config's limits.</summary>
    public MessageCodec Codec(WireBinding binding) => _codecs[binding];

    /// <summary>
    /// The envelope of <paramref name="bytes"/>, a message <paramref name="binding"/>'s codec read from them, for the
    /// re-encode path to write it in one pass of one pooled reader (<see cref="Reencoding.ForwardedMessage"/>): UTF-8 text
    /// and plain msbin1. Default (written from WCF's message) for MTOM, a compressed media type WCF's encoder undid, and
    /// another charset.
    /// </summary>
    public SoapBodySource Envelope(WireBinding binding, ArraySegment<byte> bytes, string? contentType)
    {
        ArgumentNullException.ThrowIfNull(binding);
        if (binding.IsMtom)
        {
            return default;
        }

        if (binding.IsBinary)
        {
            return SoapMediaTypes.Matches(contentType, SoapMediaTypes.Msbin1)
                ? Reader.Msbin1Envelope(bytes)
                : default;
        }

        return SoapMediaTypes.Parameter(contentType, "charset") is not { } charset || charset.Equals("utf-8", StringComparison.OrdinalIgnoreCase)
            ? Reader.Envelope(bytes)
            : default;
    }

    /// <summary>The forward target of cluster <paramref name="cluster"/>; null for an unknown cluster.</summary>
    public ForwardTarget? Target(string cluster) => _targets.GetValueOrDefault(cluster);

    /// <summary>The counters of <paramref name="route"/>.</summary>
    public TrafficCounters RouteCounters(Route route) =>
        _routeCounters.TryGetValue(route, out var counters) ? counters : _statistics.Route(route.Name);

    /// <summary>The counters of <paramref name="destination"/>.</summary>
    public TrafficCounters DestinationCounters(DestinationState destination) =>
        _destinationCounters.TryGetValue(destination, out var counters) ? counters : _statistics.Destination(destination.Name);

    /// <summary>The wire limits of <paramref name="limits"/>.</summary>
    public static WireLimits ToWireLimits(LimitsConfig limits)
    {
        ArgumentNullException.ThrowIfNull(limits);
        var quotas = limits.ReaderQuotas;
        return new WireLimits
        {
            // One byte of headroom below the largest array lets readers see that a message passed the limit.
            MaxMessageSize = (int)Math.Min(limits.MaxMessageSize, Array.MaxLength - 1),
            MaxDepth = quotas.MaxDepth,
            MaxStringContentLength = quotas.MaxStringContentLength,
            MaxArrayLength = quotas.MaxArrayLength,
            MaxBytesPerRead = quotas.MaxBytesPerRead,
            MaxNameTableCharCount = quotas.MaxNameTableCharCount,
        };
    }

    private static void AddCounters(Dictionary<DestinationState, TrafficCounters> counters, ReadOnlySpan<DestinationState> destinations, RouterStatistics statistics)
    {
        foreach (var destination in destinations)
        {
            counters[destination] = statistics.Destination(destination.Name);
        }
    }
}
