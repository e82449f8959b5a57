using global::LoadClient.Wcf;
using SoapRouter.Configuration;
using SoapRouter.Tests.BackendStub;
using SoapRouter.Tests.Configuration;
using SoapRouter.Tests.Listening;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.LoadClient;

/// <summary>
/// LoadClient's duplex operation (subscribe: a DuplexChannelFactory client answering the stub's callbacks) and its
/// August 2004 clients (--addressing), run whole against the stub and a router, as Benchmarks/scripts/fidelity.sh runs them.
/// </summary>
public sealed class LoadAppFidelityTests : IDisposable
{
    private readonly TempDirectory _directory = new();

    [Fact]
    public async Task Subscribe_DirectAndThroughTheRouter_EveryCallCountsAllItsCallbacks()
    {
        await using var stub = await RunningStub.StartWithNetTcpAsync();
        await using var router = await ListeningRouter.StartAsync(ListeningRouter.Config(
            [TestConfigs.Listener("tcp", WireBindingNames.NetTcp, "net.tcp://127.0.0.1:0/router/tcp")],
            [TestConfigs.Route("all", "c", TestConfigs.MatchAll())],
            new Dictionary<string, ClusterConfig> { ["c"] = ListeningRouter.Cluster(WireBindingNames.NetTcp, [stub.Address(WireBindings.NetTcp).AbsoluteUri]) }));

        foreach (var (name, url) in new[] { ("direct", stub.Address(WireBindings.NetTcp)), ("routed", router.Address("tcp")) })
        {
            var json = _directory.File($"{name}.json");
            var (exitCode, output, error) = await LoadAppRun.RunAsync(
                "--client", "wcf", "--binding", "netTcp", "--url", url.AbsoluteUri, "--operation", "subscribe", "--callbacks", "7",
                "--requests", "12", "--warmup", "2", "--concurrency", "3", "--timeout", "30", "--quiet", "--json", json);

            ExitCodeAssert.Equal(0, exitCode, $"{name}: {output}{error}");
            Assert.Equal(12, LoadAppRun.Report(json).GetProperty("ok").GetInt32());
        }

        // Every call's 7 callbacks and its Confirm went to the client: 14 Subscribe calls, each answered only after its Confirm.
        Assert.Equal(0, (await stub.StatsAsync()).FaultsReturned);
    }

    [Fact]
    public void SubscriptionCallback_ConfirmCountsTheEventsSinceTheLastConfirm()
    {
        var callback = new SubscriptionCallback();

        callback.OnEvent(1);
        callback.OnEvent(2);
        callback.OnEvent(3);
        var first = callback.Confirm(3);
        callback.OnEvent(1);
        var second = callback.Confirm(2);

        Assert.Equal(3, first);
        Assert.Equal(1, second);
        Assert.Equal(0, callback.Confirm(0));
    }

    [Fact]
    public async Task August2004Client_IsAnsweredThroughAnAugust2004Listener_AndRefusedByTheStubsAddressing10Endpoint()
    {
        await using var stub = await RunningStub.StartAsync();
        await using var router = await ListeningRouter.StartAsync(ListeningRouter.Config(
            [TestConfigs.Listener("a2004", WireBindingNames.BinaryHttp, "http://127.0.0.1:0/router/a2004") with { Addressing = WireAddressingNames.August2004 }],
            [TestConfigs.Route("all", "c", TestConfigs.MatchAll())],
            new Dictionary<string, ClusterConfig> { ["c"] = ListeningRouter.Cluster(WireBindingNames.BinaryHttp, [stub.Address(WireBindings.BinaryHttp).AbsoluteUri]) }));
        string[] august2004 = ["--client", "wcf", "--binding", "binaryHttp", "--addressing", "august2004", "--requests", "10", "--warmup", "1", "--timeout", "30", "--quiet"];

        var (routedExit, output, error) = await LoadAppRun.RunAsync([.. august2004, "--url", router.Address("a2004").AbsoluteUri]);
        var (directExit, _, _) = await LoadAppRun.RunAsync([.. august2004, "--url", stub.Address(WireBindings.BinaryHttp).AbsoluteUri]);

        ExitCodeAssert.Equal(0, routedExit, output + error);

        // The stub speaks WS-Addressing 1.0 only: the same client straight to it fails, so the option changed what went on the wire.
        Assert.Equal(1, directExit);
    }

    public void Dispose() => _directory.Dispose();
}
