namespace SoapRouter.LoadBalancing;

/// <summary>
/// Two distinct destinations at random, then the one with fewer requests in flight: close to least-loaded without
/// every router replica herding onto the same destination.
/// </summary>
internal sealed class PowerOfTwoChoicesPolicy : ILoadBalancingPolicy
{
    private readonly Random _random;

    /// <summary>
    /// Creates the policy over <paramref name="random"/>. Pass <see cref="Random.Shared"/> in production (it is
    /// thread-safe); tests pass a seeded instance to get a repeatable sequence.
    /// </summary>
    public PowerOfTwoChoicesPolicy(Random random)
    {
        ArgumentNullException.ThrowIfNull(random);
        _random = random;
    }

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

        var first = _random.Next(count);
        // Draw from the other count-1 slots and skip over the first, so the two picks always differ.
        var second = _random.Next(count - 1);
        if (second >= first)
        {
            second++;
        }

        var a = destinations[first];
        var b = destinations[second];
        return b.InFlight < a.InFlight ? b : a;
    }
}
