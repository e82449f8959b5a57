using SoapRouter.Configuration;

namespace SoapRouter.Tests.Configuration;

public sealed class ShippedRouterJsonTests
{
    [Fact]
    public void ShippedRouterJson_LoadsWithNoErrorsOrWarnings()
    {
        var result = RouterConfigLoader.LoadFile(FindShippedRouterJson());

        Assert.True(result.Succeeded, string.Join(Environment.NewLine, result.Errors));
        Assert.Empty(result.Warnings);
    }

    [Fact]
    public void ShippedRouterJson_HasTheDocumentedTopology()
    {
        var config = RouterConfigLoader.LoadFile(FindShippedRouterJson()).Config!;

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

    /// <summary>Walks up from the test binaries to the repository's top level, which holds router.json.</summary>
    private static string FindShippedRouterJson()
    {
        for (var directory = new DirectoryInfo(AppContext.BaseDirectory); directory is not null; directory = directory.Parent)
        {
            var candidate = Path.Combine(directory.FullName, "router.json");
            if (File.Exists(candidate))
            {
                return candidate;
            }
        }

        throw new FileNotFoundException("router.json not found above " + AppContext.BaseDirectory);
    }
}
