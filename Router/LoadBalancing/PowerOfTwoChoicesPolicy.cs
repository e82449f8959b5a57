namespace SoapRouter.LoadBalancing;

/// <summary>
/// Two distinct destinations at random, then the one with fewer requests in flight: close to least-loaded without
/// every router replica herding onto the same destination.
/// </summary>
/// <param name="random"><see cref="Random.Shared"/> in production, or a seeded instance for a repeatable sequence, which
/// is then drawn from under a lock.</param>
internal sealed class PowerOfTwoChoicesPolicy(Random random) : ILoadBalancingPolicy
{
    private readonly Random _random = random;

    // A seeded Random is not thread-safe (concurrent calls can corrupt it into returning 0 forever); Random.Shared is.
    private readonly Lock? _randomGate = ReferenceEquals(random, Random.Shared) ? null : new Lock();

    /// <inheritdoc />
    public string Name => LoadBalancingPolicyNames.PowerOfTwoChoices;

    /// <inheritdoc />
    public DestinationState? Pick(ReadOnlySpan<DestinationState> destinations, LoadBalancingCursor cursor)
    {
        var count = destinations.Length;
        if (count == 0)
        {
            return null;
        }

        if (count == 1)
        {
            return destinations[0];
        }

        var (first, second) = Draw(count);
        var a = destinations[first];
        var b = destinations[second];
        return b.InFlight < a.InFlight ? b : a;
    }

    private (int First, int Second) Draw(int count)
    {
        if (_randomGate is null)
        {
            return DrawUnsafe(count);
        }

        lock (_randomGate)
        {
            return DrawUnsafe(count);
        }
    }

    private (int First, int Second) DrawUnsafe(int count)
    {
        var first = _random.Next(count);
        // Draw from the other count-1 slots and skip over the first, so the two picks always differ.
        var second = _random.Next(count - 1);
        if (second >= first)
        {
            second++;
        }

        return (first, second);
    }
}
