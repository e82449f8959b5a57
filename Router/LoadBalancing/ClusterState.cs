using SoapRouter.Configuration;

namespace SoapRouter.LoadBalancing;

/// <summary>
/// A cluster as one config snapshot sees it: its destinations' live states, its policy and timeouts.
/// Immutable; a reload builds a new one with <see cref="ClusterStateBuilder"/>.
/// </summary>
internal sealed class ClusterState
{
    private readonly DestinationState[] _primaries;
    private readonly DestinationState[] _backups;

    /// <summary>Creates the state; <see cref="ClusterStateBuilder"/> is the usual way in.</summary>
    public ClusterState(
        string name,
        ClusterConfig config,
        DestinationState[] primaries,
        DestinationState[] backups,
        ILoadBalancingPolicy policy,
        LoadBalancingCursor cursor)
    {
        ArgumentNullException.ThrowIfNull(name);
        ArgumentNullException.ThrowIfNull(config);
        ArgumentNullException.ThrowIfNull(primaries);
        ArgumentNullException.ThrowIfNull(backups);
        ArgumentNullException.ThrowIfNull(policy);
        ArgumentNullException.ThrowIfNull(cursor);
        Name = name;
        Config = config;
        _primaries = primaries;
        _backups = backups;
        Policy = policy;
        Cursor = cursor;
    }

    /// <summary>The cluster's name in router.json.</summary>
    public string Name { get; }

    /// <summary>The configuration this state was built from.</summary>
    public ClusterConfig Config { get; }

    /// <summary>Primary destinations, load-balanced by <see cref="Policy"/>.</summary>
    public ReadOnlySpan<DestinationState> Primaries => _primaries;

    /// <summary>Backups in their configured order.</summary>
    public ReadOnlySpan<DestinationState> Backups => _backups;

    /// <summary>The policy that picks among <see cref="Primaries"/>.</summary>
    public ILoadBalancingPolicy Policy { get; }

    /// <summary>This cluster's turn counter, shared with the state that replaces it on reload.</summary>
    public LoadBalancingCursor Cursor { get; }

    /// <summary>Time allowed for one attempt on one destination.</summary>
    public TimeSpan RequestTimeout => Config.RequestTimeout;

    /// <summary>Time allowed to open a connection to one destination.</summary>
    public TimeSpan ConnectTimeout => Config.ConnectTimeout;

    /// <summary>Asks the policy for a primary; null when the cluster has none.</summary>
    public DestinationState? PickPrimary() => Policy.Pick(_primaries, Cursor);
}
