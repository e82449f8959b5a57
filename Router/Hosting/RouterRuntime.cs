using System.Collections.Frozen;
using SoapRouter.Admin;
using SoapRouter.Configuration;
using SoapRouter.LoadBalancing;
using SoapRouter.Routing;

namespace SoapRouter.Hosting;

/// <summary>
/// Holds the current <see cref="RouterState"/> and rebuilds it when the config provider installs a new snapshot.
/// Destination counters survive a reload when the destination did not change.
/// </summary>
internal sealed class RouterRuntime : IHealthSource, IDisposable
{
    private readonly RouterConfigProvider _provider;
    private readonly LoadBalancingPolicies _policies;
    private readonly ClusterHealthSource _health;
    private readonly ILogger _logger;
    private RouterState _state;

    /// <summary>Builds the state of the provider's current snapshot and follows its reloads.</summary>
    public RouterRuntime(RouterConfigProvider provider, LoadBalancingPolicies policies, ILogger<RouterRuntime> logger)
    {
        ArgumentNullException.ThrowIfNull(provider);
        ArgumentNullException.ThrowIfNull(policies);
        ArgumentNullException.ThrowIfNull(logger);
        _provider = provider;
        _policies = policies;
        _logger = logger;
        _state = Build(provider.Snapshot, previous: null);
        _health = new ClusterHealthSource(() => State.Clusters, () => State.Snapshot.Version);
        provider.Changed += OnConfigChanged;
    }

    /// <summary>Raised after a new state is installed.</summary>
    public event EventHandler<RouterState>? StateChanged;

    /// <summary>The state in use; read it once per message and keep it for that message.</summary>
    public RouterState State => Volatile.Read(ref _state);

    /// <inheritdoc />
    public long ConfigVersion => State.Snapshot.Version;

    /// <inheritdoc />
    public HealthStatus GetStatus() => _health.GetStatus();

    /// <inheritdoc />
    public void Dispose() => _provider.Changed -= OnConfigChanged;

    private RouterState Build(RouterConfigSnapshot snapshot, FrozenDictionary<string, ClusterState>? previous) =>
        new(snapshot, RouteTable.Build(snapshot.Config), ClusterStateBuilder.Build(snapshot.Config.Clusters, _policies, previous));

    private void OnConfigChanged(object? sender, RouterConfigChangedEventArgs e)
    {
        // The provider already validated the config; a failure here is a bug, and must not take the watcher down.
        try
        {
            var next = Build(e.Current, State.Clusters);
            Interlocked.Exchange(ref _state, next);
            HostingLog.StateRebuilt(_logger, e.Current.Version, next.Routes.Routes.Count, next.Clusters.Count);
            StateChanged?.Invoke(this, next);
        }
        catch (Exception ex) when (ex is ArgumentException or InvalidOperationException)
        {
            HostingLog.StateRebuildFailed(_logger, ex, e.Current.Version);
        }
    }
}
