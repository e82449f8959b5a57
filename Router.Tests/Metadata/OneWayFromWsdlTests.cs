using System.ServiceModel;
using System.Text.Json;
using BackendStub.Hosting;
using Samples.Contracts;
using Samples.Payloads;
using SoapRouter.Configuration;
using SoapRouter.Metadata;
using SoapRouter.Tests.BackendStub;
using SoapRouter.Tests.Configuration;
using SoapRouter.Tests.Listening;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.Metadata;

/// <summary>
/// A basicHttp client's one-way call through the router to a net.tcp service, with no routes[].oneWayActions: the router
/// learned from the service's WSDL (its metadataAddress) that SubmitOrder has no output, so it does not wait for a reply
/// the service never sends.
/// </summary>
public sealed class OneWayFromWsdlTests
{
    private static readonly HttpClient Http = new(new SocketsHttpHandler { UseProxy = false }) { Timeout = TimeSpan.FromSeconds(30) };

    [Fact]
    public async Task BasicHttpClient_OneWayToNetTcp_WithoutOneWayActions_ReachesTheStubAtOnce()
    {
        await using var stub = await RunningStub.StartWithNetTcpAsync(new StubOptions { Seed = 7, Profile = PayloadProfile.Compressible });
        await using var router = await ListeningRouter.StartAsync(CatchAllToNetTcp(stub, metadata: true));
        await WaitUntilLearnedAsync(router);

        // Longer than the client waits: a router still waiting for a reply would make the client time out, not succeed.
        var binding = WireBindings.BasicHttp.CreateClientBinding(SoapRouter.Wire.Encoding.WireLimits.ForSize(8 << 20));
        binding.SendTimeout = TimeSpan.FromSeconds(10);
        var factory = new ChannelFactory<IOrderService>(binding, new EndpointAddress(router.Address("basic")));
        var channel = factory.CreateChannel();
        var order = new PayloadGenerator(PayloadProfile.Compressible, 3).GetOrders(1)[0];

        try
        {
            await channel.SubmitOrderAsync(order);
            await channel.SubmitOrderAsync(order);
            var orders = await channel.GetOrdersAsync(2);
            Assert.Equal(2, orders.Length);
        }
        finally
        {
            ((ICommunicationObject)channel).Abort();
            factory.Abort();
        }

        await Eventually.TrueAsync(async () => (await stub.StatsAsync()).OneWayReceived == 2, "the stub did not receive both one-way messages");
        var stats = await stub.StatsAsync();
        Assert.Equal(2, stats.Actions[OrderServiceActions.SubmitOrder]);
        Assert.Equal(2, router.Statistics.Snapshot().OneWay);
        Assert.Equal(0, router.Statistics.Snapshot().Faults.BackendUnavailable);
    }

    [Fact]
    public async Task Stats_ShowWhatEachRouteLearned_AndThatListedActionsWin()
    {
        await using var stub = await RunningStub.StartWithNetTcpAsync();
        var config = CatchAllToNetTcp(stub, metadata: true);
        config = config with
        {
            Routes =
            [
                TestConfigs.Route("listed", "c", TestConfigs.Action("urn:listed")) with { OneWayActions = ["urn:listed"] },
                .. config.Routes,
            ],
        };
        await using var router = await ListeningRouter.StartAsync(config);
        await WaitUntilLearnedAsync(router);

        using var stats = await AdminStatsAsync(router);

        var learning = stats.RootElement.GetProperty("oneWayLearning");
        var all = learning.GetProperty("all");
        Assert.Equal("learned", all.GetProperty("state").GetString());
        Assert.Equal("c", all.GetProperty("cluster").GetString());
        Assert.Equal("d1", all.GetProperty("source").GetString());
        Assert.Equal(5, all.GetProperty("operations").GetInt32());
        Assert.Equal([OrderServiceActions.SubmitOrder], all.GetProperty("oneWayActions").EnumerateArray().Select(a => a.GetString()));
        var listed = learning.GetProperty("listed");
        Assert.Equal("configured", listed.GetProperty("state").GetString());
        Assert.Equal(["urn:listed"], listed.GetProperty("oneWayActions").EnumerateArray().Select(a => a.GetString()));

        var route = router.Host.Runtime.State.Routes.Routes.Single(r => r.Name == "listed");
        Assert.False(router.Host.OneWay.IsOneWay(route, OrderServiceActions.SubmitOrder));
        Assert.True(router.Host.OneWay.IsOneWay(route, "urn:listed"));
        await router.Log.WaitFor(Microsoft.Extensions.Logging.LogLevel.Information, "1 one-way action(s) of 5 operation(s) learned from destination d1's WSDL");
    }

    [Fact]
    public async Task NetTcpDestinationWithoutMetadataAddress_IsReportedAndNothingIsFetched()
    {
        await using var stub = await RunningStub.StartWithNetTcpAsync();
        await using var router = await ListeningRouter.StartAsync(CatchAllToNetTcp(stub, metadata: false));

        await Eventually.TrueAsync(() => Task.FromResult(router.Host.OneWay.Get("c")?.State == OneWayLearningStates.NoMetadata), "no noMetadata state");

        var route = router.Host.Runtime.State.Routes.Routes.Single();
        Assert.False(router.Host.OneWay.IsOneWay(route, OrderServiceActions.SubmitOrder));
        await router.Log.WaitFor(Microsoft.Extensions.Logging.LogLevel.Information, "Cluster c: no destination has a metadata address");
    }

    /// <summary>One catch-all route to a cluster "c" of the stub's net.tcp endpoint, whose metadata the stub serves at /tcp on its HTTP port.</summary>
    internal static RouterConfig CatchAllToNetTcp(RunningStub stub, bool metadata)
    {
        var destination = new DestinationConfig
        {
            Name = "d1",
            Binding = WireBindingNames.NetTcp,
            Address = stub.Address(WireBindings.NetTcp).AbsoluteUri,
            MetadataAddress = metadata ? new Uri(stub.Address(WireBindings.BasicHttp), StubSoapEndpoints.NetTcp.Path).AbsoluteUri : null,
        };
        return ListeningRouter.CatchAll(new ClusterConfig
        {
            Destinations = [destination],
            RequestTimeout = TimeSpan.FromSeconds(30),
            ConnectTimeout = TimeSpan.FromSeconds(5),
        });
    }

    internal static Task WaitUntilLearnedAsync(ListeningRouter router, string cluster = "c") =>
        Eventually.TrueAsync(
            () => Task.FromResult(router.Host.OneWay.Get(cluster)?.State == OneWayLearningStates.Learned),
            $"cluster {cluster}'s WSDL was not learned: {router.Host.OneWay.Get(cluster)}",
            TimeSpan.FromSeconds(30));

    private static async Task<JsonDocument> AdminStatsAsync(ListeningRouter router)
    {
        using var response = await Http.GetAsync(new Uri(router.Host.AdminAddress!, "/stats"));
        response.EnsureSuccessStatusCode();
        return JsonDocument.Parse(await response.Content.ReadAsStringAsync());
    }
}
