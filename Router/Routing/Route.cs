using System.Collections.Frozen;
using SoapRouter.Configuration;

namespace SoapRouter.Routing;

/// <summary>
/// A route built from configuration: its filters are ANDed, cheap ones first, so a filter that reads the
/// body runs only when every other filter of the route has already matched.
/// </summary>
internal sealed class Route
{
    private readonly IMessageFilter[] _filters;
    private readonly FrozenSet<string> _idempotentActions;
    private readonly bool _allIdempotent;
    private readonly FrozenSet<string> _oneWayActions;

    /// <summary>Builds a route; throws <see cref="ArgumentException"/> when a filter is invalid.</summary>
    public Route(RouteConfig config)
    {
        Name = config.Name;
        Priority = config.Priority;
        Cluster = config.Cluster;

        var filters = new List<IMessageFilter>(config.Filters.Count);
        var bodyFilters = new List<IMessageFilter>();
        foreach (var filterConfig in config.Filters)
        {
            var filter = MessageFilterFactory.Create(filterConfig);
            (filter.ReadsBody ? bodyFilters : filters).Add(filter);
        }

        ReadsBody = bodyFilters.Count > 0;
        filters.AddRange(bodyFilters);
        _filters = [.. filters];
        _allIdempotent = config.IdempotentActions.Contains("*");
        _idempotentActions = config.IdempotentActions.ToFrozenSet(StringComparer.Ordinal);
        _oneWayActions = config.OneWayActions.ToFrozenSet(StringComparer.Ordinal);
        ClientCertificates = config.AllowedClientCertificates.Count == 0 ? null : new Tls.ClientCertificateMatcher(config.AllowedClientCertificates);
        ForwardsClientCertificate = string.Equals(config.ForwardClientCertificate, ClientCertificateForwarding.Header, StringComparison.Ordinal);
        Cache = config.Cache is null ? null : new Caching.RouteCachePolicy(config.Name, config.Cache);
        Delivery = config.Delivery ?? DefaultDelivery;

        // A durable route's one-way messages are delivered later from its queue, on the pooled sessions: no client session's
        // own backend session could be kept for them, so the route keeps none (its request-reply messages are pooled too).
        KeepsSessions = !config.Multiplexes && !Delivery.IsDurable;
        CopyTo = config.CopyTo;
    }

    private static readonly DeliveryConfig DefaultDelivery = new();

    /// <summary>How the route's one-way messages are delivered (direct unless <c>delivery.mode</c> says durable), and retried when durable.</summary>
    public DeliveryConfig Delivery { get; }

    /// <summary>Clusters that get a copy of every message the route takes; empty: none.</summary>
    public IReadOnlyList<string> CopyTo { get; }

    /// <summary>The route's response cache; null when it caches nothing.</summary>
    public Caching.RouteCachePolicy? Cache { get; }

    /// <summary>True when a netTcp client's session gets a netTcp backend session of its own (session affinity; the default, but never on a durable route).</summary>
    public bool KeepsSessions { get; }

    /// <summary>Who may use the route, by client certificate; null: everybody.</summary>
    public Tls.ClientCertificateMatcher? ClientCertificates { get; }

    /// <summary>True when HTTP destinations get the caller's certificate in X-Forwarded-Client-Cert.</summary>
    public bool ForwardsClientCertificate { get; }

    /// <summary>The route's name, for logs and statistics.</summary>
    public string Name { get; }

    /// <summary>The route's priority level; higher levels are tried first.</summary>
    public int Priority { get; }

    /// <summary>The cluster matched messages go to.</summary>
    public string Cluster { get; }

    /// <summary>True when matching this route may read the message body.</summary>
    public bool ReadsBody { get; }

    /// <summary>True when every filter matches. A route without filters matches nothing, so a missing filter list cannot become a catch-all.</summary>
    public bool Matches(IRoutableMessage message)
    {
        var filters = _filters;
        if (filters.Length == 0)
        {
            return false;
        }

        foreach (var filter in filters)
        {
            if (!filter.Match(message))
            {
                return false;
            }
        }

        return true;
    }

    /// <summary>True when a request with <paramref name="action"/> may be retried after it may have reached a backend.</summary>
    public bool IsIdempotent(string? action) =>
        _allIdempotent || (action is not null && _idempotentActions.Contains(action));

    /// <summary>True when the configuration names <paramref name="action"/> as a one-way operation's.</summary>
    public bool IsOneWay(string? action) => action is not null && _oneWayActions.Contains(action);

    /// <summary>True when the route lists its one-way actions itself (routes[].oneWayActions), which wins over what the WSDL says.</summary>
    public bool ListsOneWayActions => _oneWayActions.Count > 0;

    /// <summary>The one-way actions the route lists, for /stats.</summary>
    public IReadOnlyCollection<string> OneWayActions => _oneWayActions;

    /// <inheritdoc />
    public override string ToString() => Name;
}
