using System.Net;
using System.Text.Json;
using Samples.Contracts;
using SoapRouter.Configuration;
using SoapRouter.Tests.BackendStub;
using SoapRouter.Tests.BackendStub.Wcf;
using SoapRouter.Tests.Configuration;
using SoapRouter.Tests.Listening;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.Integration;

/// <summary>A reload that removes a route and a destination takes them off /stats; what stays keeps its counts.</summary>
public sealed class StatisticsReloadTests
{
    private static readonly HttpClient Admin = new() { Timeout = TimeSpan.FromSeconds(10) };

    [Fact]
    public async Task Reload_WithoutARouteAndADestination_DropsThemFromStats_AndKeepsTheOthersCounts()
    {
        await using var stub = await RunningStub.StartAsync();
        var address = stub.Address(WireBindings.Soap12Http).ToString();
        await using var router = await ListeningRouter.StartAsync(Config(
            [Route("echo", "main"), Route("spare", "other")],
            new() { ["main"] = ListeningRouter.Cluster(WireBindingNames.Soap12Http, [address]), ["other"] = ListeningRouter.Cluster(WireBindingNames.Soap12Http, [address], prefix: "o") }));
        using var client = StubWcfClient<IEchoService>.Create(WireBindings.Soap12Http, router.Address("soap12"));
        await client.Channel.EchoAsync(new EchoPayload { Text = "before" });

        using (var before = await StatsAsync(router))
        {
            Assert.Equal(["echo", "spare"], Names(before, "routes"));
            Assert.Equal(["d1", "o1"], Names(before, "destinations"));
            Assert.Equal(1, Messages(before, "routes", "echo"));
        }

        await router.ReloadAsync(Config([Route("echo", "main")], new() { ["main"] = ListeningRouter.Cluster(WireBindingNames.Soap12Http, [address]) }));
        await client.Channel.EchoAsync(new EchoPayload { Text = "after" });

        using var after = await StatsAsync(router);
        Assert.Equal(["echo"], Names(after, "routes"));
        Assert.Equal(["d1"], Names(after, "destinations"));
        Assert.Equal(2, Messages(after, "routes", "echo"));
        Assert.Equal(2, Messages(after, "destinations", "d1"));
    }

    private static RouteConfig Route(string name, string cluster) =>
        TestConfigs.Route(name, cluster, TestConfigs.MatchAll());

    private static RouterConfig Config(RouteConfig[] routes, Dictionary<string, ClusterConfig> clusters) => ListeningRouter.Config(routes, clusters);

    private static async Task<JsonDocument> StatsAsync(ListeningRouter router)
    {
        using var response = await Admin.GetAsync(new Uri(router.Host.AdminAddress!, "/stats"));
        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        return await JsonDocument.ParseAsync(await response.Content.ReadAsStreamAsync());
    }

    private static List<string> Names(JsonDocument stats, string section) =>
        [.. stats.RootElement.GetProperty(section).EnumerateObject().Select(property => property.Name)];

    private static long Messages(JsonDocument stats, string section, string name) =>
        stats.RootElement.GetProperty(section).GetProperty(name).GetProperty("messages").GetInt64();
}
