namespace SoapRouter.Configuration;

/// <summary>A set of equivalent destinations with a load-balancing policy and an ordered list of backups.</summary>
public sealed record ClusterConfig
{
    /// <summary>The longest connect or request timeout accepted: timers cap out near 49.7 days, and no SOAP exchange should wait a day.</summary>
    public static readonly TimeSpan MaxTimeout = TimeSpan.FromDays(1);

    /// <summary>One of <see cref="LoadBalancing.LoadBalancingPolicyNames"/>; default round robin.</summary>
    public string LoadBalancing { get; init; } = "roundRobin";

    /// <summary>Primary destinations, load-balanced.</summary>
    public IReadOnlyList<DestinationConfig> Destinations { get; init; } = [];

    /// <summary>Backups, tried in order after the primaries when attempts fail in a way that allows another.</summary>
    public IReadOnlyList<DestinationConfig> Backups { get; init; } = [];

    /// <summary>Time allowed to open a connection to a destination.</summary>
    public TimeSpan ConnectTimeout { get; init; } = TimeSpan.FromSeconds(5);

    /// <summary>Time allowed for a message's whole exchange with the cluster, every attempt (failover included) within it.</summary>
    public TimeSpan RequestTimeout { get; init; } = TimeSpan.FromSeconds(30);

    /// <summary>
    /// Time allowed for one attempt of an idempotent action (Envoy's per_try_timeout): past it the attempt is given up
    /// and the next destination tried, all within <see cref="RequestTimeout"/>. Null (the default): an attempt may use
    /// whatever is left of the request timeout. Other actions are never cut by it: they cannot be retried once sent.
    /// </summary>
    public TimeSpan? AttemptTimeout { get; init; }

    /// <summary>Failover limits and the cluster's retry budget.</summary>
    public RetryConfig Retry { get; init; } = new();

    /// <summary>Passive health: ejection of failing destinations.</summary>
    public OutlierDetectionConfig OutlierDetection { get; init; } = new();

    /// <summary>Active health probes; null (the default) probes nothing.</summary>
    public HealthCheckConfig? HealthCheck { get; init; }
}
