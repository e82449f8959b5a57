namespace SoapRouter.Configuration;

/// <summary>A route: all its filters must match (AND) for the message to go to <see cref="Cluster"/>.</summary>
public sealed record RouteConfig
{
    /// <summary>Unique name, used in logs and statistics.</summary>
    public string Name { get; init; } = "";

    /// <summary>Priority level; the highest level that has a matching route wins. Default 0.</summary>
    public int Priority { get; init; }

    /// <summary>Filters, all of which must match. At least one; use a matchAll filter for a catch-all.</summary>
    public IReadOnlyList<FilterConfig> Filters { get; init; } = [];

    /// <summary>Name of the cluster messages on this route go to.</summary>
    public string Cluster { get; init; } = "";

    /// <summary>
    /// Actions that are safe to retry on another destination after the request may have reached a backend.
    /// "*" marks every action on the route idempotent. Empty: only failures before sending are retried.
    /// </summary>
    public IReadOnlyList<string> IdempotentActions { get; init; } = [];

    /// <summary>
    /// Actions of one-way operations, for clients whose messages cannot say so themselves (basicHttp has no
    /// WS-Addressing; a WS-Addressing message without a MessageID is one-way anyway). A destination that gives no
    /// transport acknowledgement (net.tcp) is then not waited on for a reply.
    /// </summary>
    public IReadOnlyList<string> OneWayActions { get; init; } = [];

    /// <summary>
    /// When not empty, only callers whose TLS client certificate matches one of these rules may use the route; any other
    /// message (no certificate, or one no rule admits) gets the router's Sender fault "access denied" and is never
    /// forwarded. Empty: every caller.
    /// </summary>
    public IReadOnlyList<ClientCertificateRule> AllowedClientCertificates { get; init; } = [];

    /// <summary>
    /// <c>header</c>: HTTP destinations get the caller's certificate in Envoy's <c>X-Forwarded-Client-Cert</c> header
    /// (Hash, Subject, URI and DNS SANs). That header is stripped from every incoming request whatever this says. Null: not sent.
    /// </summary>
    public string? ForwardClientCertificate { get; init; }

    /// <summary>
    /// How the session of a client on a netTcp listener reaches netTcp destinations: <c>affinity</c> (null means it: a
    /// backend session per client session, opened by its first message and kept for its lifetime) or <c>multiplex</c>
    /// (the pooled sessions, shared by every client: faster, for sessionless contracts only). HTTP clients have no
    /// session and are always multiplexed, and so is a durable route (<c>affinity</c> is refused there): its one-way
    /// messages are delivered later from its queue.
    /// </summary>
    public string? Sessions { get; init; }

    /// <summary><see cref="Sessions"/> read once: true for multiplex (pooled sessions), false for affinity (the default).</summary>
    [System.Text.Json.Serialization.JsonIgnore]
    public bool Multiplexes => string.Equals(Sessions, SessionModes.Multiplex, StringComparison.Ordinal);

    /// <summary>The response cache for some of the route's idempotent actions; null: nothing cached.</summary>
    public RouteCacheConfig? Cache { get; init; }

    /// <summary>How the route's one-way messages are delivered: direct (null means it) or durable (kept in the queue store first).</summary>
    public DeliveryConfig? Delivery { get; init; }

    /// <summary>
    /// Clusters that get a copy of every message the route takes (RoutingService's multicast; a wire tap): one destination of
    /// each. The client's answer comes from the route's own cluster only; a copy's reply or failure never reaches or slows
    /// it. On a durable route each copy is a durable delivery of its own.
    /// </summary>
    public IReadOnlyList<string> CopyTo { get; init; } = [];
}
