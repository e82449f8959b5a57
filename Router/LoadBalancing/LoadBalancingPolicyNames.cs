namespace SoapRouter.LoadBalancing;

/// <summary>Names of the load-balancing policies a cluster may use.</summary>
public static class LoadBalancingPolicyNames
{
    /// <summary>Each destination in turn.</summary>
    public const string RoundRobin = "roundRobin";

    /// <summary>Two destinations at random; the one with fewer requests in flight.</summary>
    public const string PowerOfTwoChoices = "powerOfTwoChoices";

    /// <summary>Every policy name, for validation messages.</summary>
    public static readonly IReadOnlyList<string> All = [RoundRobin, PowerOfTwoChoices];
}
