using System.Collections.Frozen;
using System.Diagnostics.CodeAnalysis;

namespace SoapRouter.LoadBalancing;

/// <summary>The load-balancing policies by name, built once at start and shared by every cluster.</summary>
internal sealed class LoadBalancingPolicies
{
    private readonly FrozenDictionary<string, ILoadBalancingPolicy> _byName;

    /// <summary>Builds the registry; a duplicate name is a programming error and throws.</summary>
    public LoadBalancingPolicies(IEnumerable<ILoadBalancingPolicy> policies)
    {
        var byName = new Dictionary<string, ILoadBalancingPolicy>(StringComparer.Ordinal);
        foreach (var policy in policies)
        {
            if (!byName.TryAdd(policy.Name, policy))
            {
                throw new ArgumentException($"Two load-balancing policies are named '{policy.Name}'.", nameof(policies));
            }
        }

        _byName = byName.ToFrozenDictionary(StringComparer.Ordinal);
    }

    /// <summary>The built-in policies, with <paramref name="random"/> (default <see cref="Random.Shared"/>) for the random ones.</summary>
    public static LoadBalancingPolicies CreateDefault(Random? random = null) =>
        new([new RoundRobinPolicy(), new PowerOfTwoChoicesPolicy(random ?? Random.Shared)]);

    /// <summary>Names of the registered policies.</summary>
    public IEnumerable<string> Names => _byName.Keys;

    /// <summary>Finds the policy named <paramref name="name"/> (case-sensitive, as written in router.json).</summary>
    public bool TryGet(string name, [NotNullWhen(true)] out ILoadBalancingPolicy? policy) => _byName.TryGetValue(name, out policy);

    /// <summary>Returns the policy named <paramref name="name"/>; an unknown name means the config escaped validation, so it throws.</summary>
    public ILoadBalancingPolicy Get(string name) =>
        TryGet(name, out var policy)
            ? policy
            : throw new InvalidOperationException(
                $"Unknown load-balancing policy '{name}'. Known: {string.Join(", ", _byName.Keys)}.");
}
