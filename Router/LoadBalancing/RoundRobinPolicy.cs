namespace SoapRouter.LoadBalancing;

/// <summary>Each destination in turn; fair across threads because every call takes a distinct turn number.</summary>
internal sealed class RoundRobinPolicy : ILoadBalancingPolicy
{
    /// <inheritdoc />
    public string Name => LoadBalancingPolicyNames.RoundRobin;

    /// <inheritdoc />
    public DestinationState? Pick(ReadOnlySpan<DestinationState> destinations, LoadBalancingCursor cursor)
    {
        ArgumentNullException.ThrowIfNull(cursor);
        return destinations.Length switch
        {
            0 => null,
            1 => destinations[0],
            // Unsigned remainder: the turn number never goes negative in practice, but wrapping must not index out.
            _ => destinations[(int)((ulong)cursor.Next() % (ulong)destinations.Length)],
        };
    }
}
