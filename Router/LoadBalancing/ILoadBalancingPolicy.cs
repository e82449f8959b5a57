namespace SoapRouter.LoadBalancing;

/// <summary>A named strategy that picks one destination among equivalent primaries.</summary>
internal interface ILoadBalancingPolicy
{
    /// <summary>The name router.json uses for this policy (one of <see cref="LoadBalancingPolicyNames"/>).</summary>
    string Name { get; }

    /// <summary>
    /// Picks one of <paramref name="destinations"/>, or null when there are none. <paramref name="cursor"/> is the
    /// cluster's own state, so one policy instance can serve every cluster.
    /// </summary>
    DestinationState? Pick(ReadOnlySpan<DestinationState> destinations, LoadBalancingCursor cursor);
}
