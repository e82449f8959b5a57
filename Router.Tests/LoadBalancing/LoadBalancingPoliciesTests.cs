using SoapRouter.LoadBalancing;

namespace SoapRouter.Tests.LoadBalancing;

public sealed class LoadBalancingPoliciesTests
{
    [Fact]
    public void CreateDefault_HasEveryConfiguredName()
    {
        var policies = LoadBalancingPolicies.CreateDefault(new Random(1));

        foreach (var name in LoadBalancingPolicyNames.All)
        {
            Assert.Equal(name, policies.Get(name).Name);
        }
    }

    [Fact]
    public void Get_UnknownName_Throws() =>
        Assert.Throws<InvalidOperationException>(() => LoadBalancingPolicies.CreateDefault().Get("random"));

    [Fact]
    public void Constructor_DuplicateName_Throws() =>
        Assert.Throws<ArgumentException>(() => new LoadBalancingPolicies([new RoundRobinPolicy(), new RoundRobinPolicy()]));
}
