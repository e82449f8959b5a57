using SoapRouter.Configuration;
using SoapRouter.Tests.Support;

namespace SoapRouter.Tests.Configuration;

public sealed class ShippedRouterJsonTests
{
    [Fact]
    public void ShippedRouterJson_LoadsWithNoErrorsOrWarnings()
    {
        var result = RouterConfigLoader.LoadFile(RepositoryPaths.RouterJson);

        Assert.True(result.Succeeded, string.Join(Environment.NewLine, result.Errors));
        Assert.Empty(result.Warnings);
    }

    [Fact]
    public void DockerRouterJson_LoadsWithNoErrorsOrWarnings()
    {
        var result = RouterConfigLoader.LoadFile(RepositoryPaths.DockerRouterJson);

        Assert.True(result.Succeeded, string.Join(Environment.NewLine, result.Errors));
        Assert.Empty(result.Warnings);
    }

    [Fact]
    public void ShippedRouterJson_HasTheDocumentedTopology()
    {
        var config = RouterConfigLoader.LoadFile(RepositoryPaths.RouterJson).Config!;

        Assert.Equal(
            [BindingNames.BasicHttp, BindingNames.Soap12Http, BindingNames.BinaryHttp, BindingNames.NetTcp],
            config.Listeners.Select(l => l.Binding));
        Assert.Equal(["orders", "echo"], config.Routes.Select(r => r.Name));
        Assert.Equal(FilterTypes.MatchAll, Assert.Single(config.Routes[1].Filters).Type);
        Assert.Equal(0, config.Routes[1].Priority);
        Assert.Equal(2, config.Clusters["orders"].Destinations.Count);
        Assert.Single(config.Clusters["orders"].Backups);
        Assert.Equal("http://127.0.0.1:9901", config.Admin.Address);
    }
}
