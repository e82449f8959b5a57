using System.Collections.Frozen;
using SoapRouter.Hosting;
using Route = SoapRouter.Routing.Route;

namespace SoapRouter.Metadata;

/// <summary>
/// The one answer to "is this message one-way?" for clients whose messages cannot say so (basicHttp has no
/// WS-Addressing): the route's own <c>oneWayActions</c> when it lists any (they win), else what its cluster's WSDL
/// said (<see cref="OneWayLearner"/>). Learned sets are swapped whole, so a message reads one immutable map.
/// </summary>
internal sealed class OneWayCatalog
{
    private readonly Lock _gate = new();
    private FrozenDictionary<string, LearnedContract> _clusters = FrozenDictionary<string, LearnedContract>.Empty;

    /// <summary>True when a message with <paramref name="action"/> on <paramref name="route"/> expects no reply.</summary>
    public bool IsOneWay(Route route, string? action)
    {
        ArgumentNullException.ThrowIfNull(route);
        if (route.ListsOneWayActions)
        {
            return route.IsOneWay(action);
        }

        return action is not null
            && Volatile.Read(ref _clusters).TryGetValue(route.Cluster, out var learned)
            && learned.OneWayActions.Contains(action);
    }

    /// <summary>What is known of <paramref name="cluster"/>; null when it is not being learned.</summary>
    public LearnedContract? Get(string cluster) => Volatile.Read(ref _clusters).GetValueOrDefault(cluster);

    /// <summary>Records what was learned (or not) for <paramref name="cluster"/>.</summary>
    public void Set(string cluster, LearnedContract learned)
    {
        ArgumentNullException.ThrowIfNull(cluster);
        ArgumentNullException.ThrowIfNull(learned);
        lock (_gate)
        {
            var next = new Dictionary<string, LearnedContract>(_clusters, StringComparer.Ordinal) { [cluster] = learned };
            Volatile.Write(ref _clusters, next.ToFrozenDictionary(StringComparer.Ordinal));
        }
    }

    /// <summary>Forgets the clusters not in <paramref name="clusters"/> (a reload removed them or no longer learns them).</summary>
    public void Retain(IReadOnlySet<string> clusters)
    {
        ArgumentNullException.ThrowIfNull(clusters);
        lock (_gate)
        {
            Volatile.Write(ref _clusters, _clusters.Where(pair => clusters.Contains(pair.Key)).ToFrozenDictionary(StringComparer.Ordinal));
        }
    }

    /// <summary>For /stats: every route of <paramref name="state"/> that lists its one-way actions or whose cluster is learned.</summary>
    public IReadOnlyDictionary<string, RouteOneWaySnapshot> Snapshot(RouterState state)
    {
        ArgumentNullException.ThrowIfNull(state);
        var clusters = Volatile.Read(ref _clusters);
        var routes = new SortedDictionary<string, RouteOneWaySnapshot>(StringComparer.Ordinal);
        foreach (var route in state.Routes.Routes)
        {
            if (route.ListsOneWayActions)
            {
                routes[route.Name] = new RouteOneWaySnapshot(route.Cluster, OneWayLearningStates.Configured, Sorted(route.OneWayActions));
            }
            else if (clusters.TryGetValue(route.Cluster, out var learned))
            {
                routes[route.Name] = new RouteOneWaySnapshot(
                    route.Cluster, learned.State, Sorted(learned.OneWayActions), learned.Operations, learned.Source, learned.Problem, learned.LearnedAt);
            }
        }

        return routes;
    }

    private static string[] Sorted(IEnumerable<string> actions) => [.. actions.Order(StringComparer.Ordinal)];
}
