using System.Collections.Frozen;
using SoapRouter.Forwarding.Http;
using SoapRouter.Hosting;
using SoapRouter.LoadBalancing;
using SoapRouter.Routing;
using SoapRouter.Telemetry;
using Route = SoapRouter.Routing.Route;

namespace SoapRouter.Listening;

/// <summary>
/// What the listeners derive from one <see cref="RouterState"/>, built once per config version so no message pays
/// for it: the envelope reader (quotas), the verbatim transport (reply size limit), the verbatim targets of every
/// cluster per listener binding, and the statistics counters of every route and destination.
/// </summary>
internal sealed class DispatchState
{
    private readonly FrozenDictionary<string, VerbatimTarget>[] _targets;
    private readonly FrozenDictionary<Route, TrafficCounters> _routeCounters;
    private readonly FrozenDictionary<DestinationState, TrafficCounters> _destinationCounters;
    private readonly RouterStatistics _statistics;

    private DispatchState(
        RouterState state,
        HttpVerbatimTransport transport,
        FrozenDictionary<string, VerbatimTarget>[] targets,
        FrozenDictionary<Route, TrafficCounters> routeCounters,
        FrozenDictionary<DestinationState, TrafficCounters> destinationCounters,
        RouterStatistics statistics)
    {
        State = state;
        Reader = new SoapEnvelopeReader(state.Config.Limits.ReaderQuotas);
        Transport = transport;
        MaxMessageSize = (int)Math.Min(state.Config.Limits.MaxMessageSize, Array.MaxLength - 1);
        _targets = targets;
        _routeCounters = routeCounters;
        _destinationCounters = destinationCounters;
        _statistics = statistics;
    }

    /// <summary>The state this was built from.</summary>
    public RouterState State { get; }

    /// <summary>Reads text envelopes with this config's quotas.</summary>
    public SoapEnvelopeReader Reader { get; }

    /// <summary>Sends verbatim, refusing replies over this config's message size.</summary>
    public HttpVerbatimTransport Transport { get; }

    /// <summary>The largest request body accepted, in bytes.</summary>
    public int MaxMessageSize { get; }

    /// <summary>The listener bindings served, in the order <see cref="BindingIndex"/> numbers them.</summary>
    public static IReadOnlyList<HttpListenerBinding> Bindings { get; } =
        [HttpListenerBinding.BasicHttp, HttpListenerBinding.Soap12Http, HttpListenerBinding.BinaryHttp];

    /// <summary>Builds the dispatch state of <paramref name="state"/>.</summary>
    public static DispatchState Build(
        RouterState state,
        HttpDestinationClients clients,
        RouterStatistics statistics,
        ILogger<HttpVerbatimTransport> transportLogger)
    {
        ArgumentNullException.ThrowIfNull(state);
        var transport = new HttpVerbatimTransport(clients, state.Config.Limits.MaxMessageSize, transportLogger);
        var targets = new FrozenDictionary<string, VerbatimTarget>[Bindings.Count];
        for (var i = 0; i < targets.Length; i++)
        {
            var byCluster = new Dictionary<string, VerbatimTarget>(StringComparer.Ordinal);
            foreach (var (name, cluster) in state.Clusters)
            {
                byCluster.Add(name, VerbatimTarget.For(cluster, Bindings[i].Name));
            }

            targets[i] = byCluster.ToFrozenDictionary(StringComparer.Ordinal);
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

        return new DispatchState(
            state,
            transport,
            targets,
            routes.ToFrozenDictionary(ReferenceEqualityComparer.Instance),
            destinations.ToFrozenDictionary(ReferenceEqualityComparer.Instance),
            statistics);
    }

    /// <summary>The verbatim target of cluster <paramref name="cluster"/> for messages of <paramref name="binding"/>; null for an unknown cluster.</summary>
    public VerbatimTarget? Target(string cluster, HttpListenerBinding binding) =>
        _targets[BindingIndex(binding)].GetValueOrDefault(cluster);

    /// <summary>The counters of <paramref name="route"/>.</summary>
    public TrafficCounters RouteCounters(Route route) =>
        _routeCounters.TryGetValue(route, out var counters) ? counters : _statistics.Route(route.Name);

    /// <summary>The counters of <paramref name="destination"/>.</summary>
    public TrafficCounters DestinationCounters(DestinationState destination) =>
        _destinationCounters.TryGetValue(destination, out var counters) ? counters : _statistics.Destination(destination.Name);

    /// <summary>The position of <paramref name="binding"/> in <see cref="Bindings"/>.</summary>
    public static int BindingIndex(HttpListenerBinding binding) =>
        ReferenceEquals(binding, HttpListenerBinding.BasicHttp) ? 0 : ReferenceEquals(binding, HttpListenerBinding.Soap12Http) ? 1 : 2;

    private static void AddCounters(Dictionary<DestinationState, TrafficCounters> counters, ReadOnlySpan<DestinationState> destinations, RouterStatistics statistics)
    {
        foreach (var destination in destinations)
        {
            counters[destination] = statistics.Destination(destination.Name);
        }
    }
}
