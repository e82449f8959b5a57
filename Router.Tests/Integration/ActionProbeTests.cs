using BackendStub.Hosting;
using Samples.Contracts;
using SoapRouter.Configuration;
using SoapRouter.Tests.Configuration;
using SoapRouter.Tests.Listening;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.Integration;

/// <summary>
/// healthCheck.action: the router probes each destination with a SOAP request in the destination's own binding (net.tcp
/// through its pooled sessions); a real reply passes, a SOAP fault fails (the host answering is not enough) unless
/// its kind is listed in healthyFaults.
/// </summary>
public sealed class ActionProbeTests
{
    private const string Body = "<GetOrders xmlns=\"http://tempuri.org/\"><numOrders>1</numOrders></GetOrders>";

    [Theory]
    [InlineData(WireBindingNames.BasicHttp)]
    [InlineData(WireBindingNames.Soap12Http)]
    [InlineData(WireBindingNames.BinaryHttp)]
    [InlineData(WireBindingNames.NetTcp)]
    public async Task ServiceAnswers_ProbesArriveInTheDestinationsBinding_AndItStaysHealthy(string binding)
    {
        await using var stub = await StartStubAsync(faultEvery: 0);
        await using var router = await StartRouterAsync(stub, binding);
        var destination = router.Host.Runtime.State.Clusters["c"].Primaries[0];

        await Eventually.TrueAsync(
            () => Task.FromResult(stub.Statistics.Snapshot().Actions.GetValueOrDefault(OrderServiceActions.GetOrders) >= 3),
            "the action probes never reached the service");

        Assert.Equal("healthy", destination.Health!.State);
        Assert.Equal(0, stub.Statistics.Snapshot().FaultsReturned);
    }

    [Theory]
    [InlineData(WireBindingNames.Soap12Http)]
    [InlineData(WireBindingNames.BasicHttp)]
    [InlineData(WireBindingNames.NetTcp)]
    public async Task ServiceFaults_TheDestinationIsTakenOut_ThoughItsHostAnswers(string binding)
    {
        await using var stub = await StartStubAsync(faultEvery: 1);
        await using var router = await StartRouterAsync(stub, binding);
        var destination = router.Host.Runtime.State.Clusters["c"].Primaries[0];

        await Eventually.TrueAsync(() => Task.FromResult(destination.Health!.State == "unhealthy"), "a destination whose service faults every probe stayed in");

        Assert.True(stub.Statistics.Snapshot().FaultsReturned >= 2, string.Join('\n', router.Log.Entries.Select(e => e.Message)));
        await router.Log.WaitFor(Microsoft.Extensions.Logging.LogLevel.Warning, "SOAP fault");
    }

    [Theory]
    [InlineData(WireBindingNames.BasicHttp)]
    [InlineData(WireBindingNames.Soap12Http)]
    [InlineData(WireBindingNames.NetTcp)]
    public async Task ActionTheServiceLacks_PassesWhenItsFaultKindIsListedAsHealthy_FailsOtherwise(string binding)
    {
        await using var stub = await StartStubAsync(faultEvery: 0);
        await using var listed = await StartRouterAsync(stub, binding, Ping, ["ActionNotSupported"]);
        await using var unlisted = await StartRouterAsync(stub, binding, Ping, ["Receiver", "Server"]);
        var failing = unlisted.Host.Runtime.State.Clusters["c"].Primaries[0];

        await Eventually.TrueAsync(() => Task.FromResult(failing.Health!.State == "unhealthy"), "an ActionNotSupported fault passed though it was not listed");
        await unlisted.Log.WaitFor(Microsoft.Extensions.Logging.LogLevel.Warning, "SOAP fault");

        // Both routers probe every 500 ms: by six probes of the missing action, the listed one has judged several.
        await Eventually.TrueAsync(
            () => Task.FromResult(stub.Statistics.Snapshot().Actions.GetValueOrDefault(Ping) >= 6), "the probes of the missing action never reached the service");
        Assert.Equal("healthy", listed.Host.Runtime.State.Clusters["c"].Primaries[0].Health!.State);
    }

    private const string Ping = "http://tempuri.org/IHealth/Ping";

    private static async Task<ListeningRouter> StartRouterAsync(StubHost stub, string binding, string action = OrderServiceActions.GetOrders, string[]? healthyFaults = null)
    {
        var cluster = ListeningRouter.Cluster(binding, [stub.AddressOf(WireBindings.Get(binding)).AbsoluteUri]) with
        {
            HealthCheck = new HealthCheckConfig
            {
                Action = action,
                Body = action == OrderServiceActions.GetOrders ? Body : null,
                HealthyFaults = healthyFaults ?? [],
                Interval = TimeSpan.FromMilliseconds(500),
                Timeout = TimeSpan.FromSeconds(5),
                HealthyThreshold = 1,
                UnhealthyThreshold = 2,
            },
        };
        return await ListeningRouter.StartAsync(ListeningRouter.Config([TestConfigs.Route("all", "c", TestConfigs.MatchAll())], new() { ["c"] = cluster }));
    }

    private static async Task<StubHost> StartStubAsync(int faultEvery)
    {
        var host = new StubHost(new StubOptions { HttpPort = FreePort.Unused(), TcpPort = FreePort.Unused(), FaultEvery = faultEvery });
        await host.StartAsync();
        return host;
    }
}
