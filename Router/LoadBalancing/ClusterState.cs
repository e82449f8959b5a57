using SoapRouter.Configuration;
using SoapRouter.Health;

namespace SoapRouter.LoadBalancing;

/// <summary>
/// A cluster as one config snapshot sees it: its destinations' live states, its policy and timeouts.
/// Immutable; a reload builds a new one with <see cref="ClusterStateBuilder"/> (the usual way in).
/// </summary>
/// <param name="budget">The retry budget, shared with the state that replaces it on reload; a new one when null.</param>
/// <param name="time">The clock; the system's when null.</param>
internal sealed class ClusterState(
    string name,
    ClusterConfig config,
    DestinationState[] primaries,
    DestinationState[] backups,
    ILoadBalancingPolicy policy,
    LoadBalancingCursor cursor,
    RetryBudget? budget = null,
    TimeProvider? time = null)
{
    private readonly DestinationState[] _primaries = primaries;
    private readonly DestinationState[] _backups = backups;
    private readonly TimeProvider _time = time ?? TimeProvider.System;
    private Candidates _candidates = new(-1, primaries, false, long.MaxValue);

    /// <summary>The cluster's name in router.json.</summary>
    public string Name { get; } = name;

    /// <summary>The configuration this state was built from.</summary>
    public ClusterConfig Config { get; } = config;

    /// <summary>Primary destinations, load-balanced by <see cref="Policy"/>.</summary>
    public ReadOnlySpan<DestinationState> Primaries => _primaries;

    /// <summary>Backups in their configured order.</summary>
    public ReadOnlySpan<DestinationState> Backups => _backups;

    /// <summary>The policy that picks among <see cref="Primaries"/>.</summary>
    public ILoadBalancingPolicy Policy { get; } = policy;

    /// <summary>This cluster's turn counter, shared with the state that replaces it on reload.</summary>
    public LoadBalancingCursor Cursor { get; } = cursor;

    /// <summary>Time allowed for a message's whole exchange with the cluster, every attempt included.</summary>
    public TimeSpan RequestTimeout => Config.RequestTimeout;

    /// <summary>Time allowed to open a connection to one destination.</summary>
    public TimeSpan ConnectTimeout => Config.ConnectTimeout;

    /// <summary>This cluster's retry budget, shared with the state that replaces it on reload.</summary>
    public RetryBudget Budget { get; } = budget ?? new RetryBudget(time);

    /// <summary>
    /// The primaries that may be chosen now: those not ejected and not failing probes. When more than
    /// <c>outlierDetection.maxEjectionPercent</c> of them are out (or all are), every primary is a candidate again and
    /// <paramref name="panic"/> says so: attempts then go to ejected destinations too, past their breakers.
    /// Recomputed only after a health transition somewhere; otherwise a cached array.
    /// </summary>
    public DestinationState[] AvailablePrimaries(out bool panic)
    {
        var version = DestinationHealth.Version;
        var cached = Volatile.Read(ref _candidates);
        if (cached.Version != version || (cached.RecheckAt != long.MaxValue && _time.GetUtcNow().UtcTicks >= cached.RecheckAt))
        {
            cached = ComputeCandidates(version);
            Volatile.Write(ref _candidates, cached);
        }

        panic = cached.Panic;
        return cached.Destinations;
    }

    private Candidates ComputeCandidates(int version)
    {
        // An ejection that runs out changes no version: the list is computed again when the first one ends.
        var available = 0;
        var recheckAt = long.MaxValue;
        foreach (var destination in _primaries)
        {
            if (destination.IsAvailable)
            {
                available++;
            }
            else if (destination.Health is { EjectedUntilTicks: > 0 and var until })
            {
                recheckAt = Math.Min(recheckAt, until);
            }
        }

        if (available == _primaries.Length)
        {
            return new Candidates(version, _primaries, false, long.MaxValue);
        }

        var outShare = 100.0 * (_primaries.Length - available) / _primaries.Length;
        if (available == 0 || outShare > Config.OutlierDetection.MaxEjectionPercent)
        {
            return new Candidates(version, _primaries, true, recheckAt);
        }

        var list = new DestinationState[available];
        var i = 0;
        foreach (var destination in _primaries)
        {
            if (destination.IsAvailable)
            {
                list[i++] = destination;
            }
        }

        return new Candidates(version, list, false, recheckAt);
    }

    private sealed record Candidates(int Version, DestinationState[] Destinations, bool Panic, long RecheckAt);
}
