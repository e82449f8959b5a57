using SoapRouter.Configuration;
using SoapRouter.Tests.BackendStub;
using SoapRouter.Tests.Configuration;
using SoapRouter.Tests.Listening;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.Integration;

/// <summary>
/// healthCheck without an action on a net.tcp destination: the router sends a framing preamble for the destination's
/// address (netTcpProbe preamble, the default), so a port that is open but serves no such Via is taken out, which a TCP
/// connect (netTcpProbe connect) cannot tell.
/// </summary>
public sealed class NetTcpPreambleProbeRouterTests
{
    [Fact]
    public async Task ServedAddress_StaysHealthy()
    {
        await using var stub = await RunningStub.StartWithNetTcpAsync();
        await using var router = await StartRouterAsync(stub.Address(WireBindings.NetTcp), NetTcpProbeKinds.Preamble);
        var destination = router.Host.Runtime.State.Clusters["c"].Primaries[0];

        await Eventually.TrueAsync(() => Task.FromResult(stub.Host.NetTcpConnectionsAccepted >= 3), "the preamble probes never reached the stub");

        Assert.Equal("healthy", destination.Health!.State);
    }

    [Fact]
    public async Task OpenPortServingAnotherVia_IsTakenOutByThePreambleProbe_ButNotByAConnect()
    {
        await using var stub = await RunningStub.StartWithNetTcpAsync();
        var wrong = new UriBuilder(stub.Address(WireBindings.NetTcp)) { Path = "/retired" }.Uri;
        await using var preamble = await StartRouterAsync(wrong, NetTcpProbeKinds.Preamble);
        await using var connect = await StartRouterAsync(wrong, NetTcpProbeKinds.Connect);

        var probed = preamble.Host.Runtime.State.Clusters["c"].Primaries[0];
        await Eventually.TrueAsync(() => Task.FromResult(probed.Health!.State == "unhealthy"), "a destination whose Via is not served stayed in");
        await preamble.Log.WaitFor(Microsoft.Extensions.Logging.LogLevel.Warning, "framing fault EndpointNotFound");

        Assert.Equal("healthy", connect.Host.Runtime.State.Clusters["c"].Primaries[0].Health!.State);
    }

    private static Task<ListeningRouter> StartRouterAsync(Uri destination, string probe)
    {
        var cluster = ListeningRouter.Cluster(WireBindingNames.NetTcp, [destination.AbsoluteUri]) with
        {
            HealthCheck = new HealthCheckConfig
            {
                NetTcpProbe = probe,
                Interval = TimeSpan.FromMilliseconds(500),
                Timeout = TimeSpan.FromSeconds(5),
                HealthyThreshold = 1,
                UnhealthyThreshold = 2,
            },
        };
        return ListeningRouter.StartAsync(ListeningRouter.Config([TestConfigs.Route("all", "c", TestConfigs.MatchAll())], new() { ["c"] = cluster }));
    }
}
