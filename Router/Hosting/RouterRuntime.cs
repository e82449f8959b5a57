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
    private readonly TimeProvider _time;
    private readonly Lock _rebuildGate = new();
    private RouterState _state = null!;

    /// <summary>Builds the state of the provider's current snapshot and follows its reloads.</summary>
    public RouterRuntime(RouterConfigProvider provider, LoadBalancingPolicies policies, ILogger<RouterRuntime> logger, TimeProvider? time = null)
    {
        _provider = provider;
        _policies = policies;
        _logger = logger;
        _time = time ?? TimeProvider.System;
        _health = new ClusterHealthSource(() => State.Clusters, () => State.Snapshot.Version);

        // Subscribe before the first build: a reload landing in between is then seen by the handler, which builds
        // from the provider's newest snapshot and ignores anything not newer than what is installed.
        provider.Changed += OnConfigChanged;
        var initial = Build(provider.Snapshot, previous: null);
        lock (_rebuildGate)
        {
            // A reload handled while the initial state was being built already installed something newer.
            if (Volatile.Read(ref _state) is null)
            {
                Volatile.Write(ref _state, initial);
            }
        }
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
    public IReadOnlyDictionary<string, Health.DestinationHealthSnapshot> GetDestinations() => _health.GetDestinations();

    /// <inheritdoc />
    public void Dispose() => _provider.Changed -= OnConfigChanged;

    private RouterState Build(RouterConfigSnapshot snapshot, FrozenDictionary<string, ClusterState>? previous) =>
        new(snapshot, RouteTable.Build(snapshot.Config), ClusterStateBuilder.Build(snapshot.Config.Clusters, _policies, previous, _time, _logger));

    private void OnConfigChanged(object? sender, RouterConfigChangedEventArgs e)
    {
        // Serialized so two reloads cannot install out of order; the provider already validated the config, so a
        // failure here is a bug, and must not take the watcher down.
        lock (_rebuildGate)
        {
            var snapshot = _provider.Snapshot;
            var current = Volatile.Read(ref _state);
            if (current is not null && snapshot.Version <= current.Snapshot.Version)
            {
                return;
            }

            try
            {
                var next = Build(snapshot, current?.Clusters);
                Volatile.Write(ref _state, next);
                HostingLog.StateRebuilt(_logger, snapshot.Version, next.Routes.Routes.Count, next.Clusters.Count);
                StateChanged?.Invoke(this, next);
            }
            catch (Exception ex) when (ex is ArgumentException or InvalidOperationException)
            {
                HostingLog.StateRebuildFailed(_logger, ex, snapshot.Version);
            }
        }
    }
}
