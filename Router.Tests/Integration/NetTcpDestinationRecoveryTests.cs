using System.Net;
using System.Net.Sockets;
using System.ServiceModel;
using BackendStub.Hosting;
using Samples.Contracts;
using SoapRouter.Configuration;
using SoapRouter.Tests.BackendStub.Wcf;
using SoapRouter.Tests.Configuration;
using SoapRouter.Tests.Listening;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.Integration;

/// <summary>A net.tcp destination that dies under load and comes back: the router's session pool replaces the dead sessions.</summary>
public sealed class NetTcpDestinationRecoveryTests
{
    [Fact]
    public async Task DestinationKilledAndRestartedUnderLoad_CallsFailWhileItIsDown_ThenSucceedAgain()
    {
        var port = FreePort();
        var stub = await StartStubAsync(port);
        await using var router = await ListeningRouter.StartAsync(ListeningRouter.Config(
            [TestConfigs.Route("all", "c", TestConfigs.MatchAll())],
            new() { ["c"] = ListeningRouter.Cluster(WireBindingNames.NetTcp, [$"net.tcp://127.0.0.1:{port}/tcp"], requestTimeout: TimeSpan.FromSeconds(5)) }));
        using var stop = new CancellationTokenSource();
        var outcomes = new System.Collections.Concurrent.ConcurrentQueue<(DateTime At, bool Ok)>();
        var load = Enumerable.Range(0, 4).Select(worker => Task.Run(async () =>
        {
            using var client = StubWcfClient<IEchoService>.Create(WireBindings.Soap12Http, router.Address("soap12"));
            for (var i = 0; !stop.IsCancellationRequested; i++)
            {
                bool ok;
                try
                {
                    ok = (await client.Channel.EchoAsync(new EchoPayload { Text = $"{worker}/{i}" })).Text == $"{worker}/{i}";
                }
                catch (FaultException)
                {
                    // The router's "service unavailable" while the destination is down.
                    ok = false;
                }

                outcomes.Enqueue((DateTime.UtcNow, ok));
            }
        })).ToList();

        await Eventually.TrueAsync(() => Task.FromResult(outcomes.Count(o => o.Ok) >= 40), "no calls succeeded before the kill");
        await stub.DisposeAsync();
        var killed = DateTime.UtcNow;
        await Eventually.TrueAsync(() => Task.FromResult(outcomes.Any(o => o.At > killed && !o.Ok)), "no call failed while the destination was down");

        stub = await StartStubAsync(port);
        var restarted = DateTime.UtcNow;
        await Eventually.TrueAsync(() => Task.FromResult(outcomes.Count(o => o.At > restarted && o.Ok) >= 40), "calls did not succeed again after the restart");
        await stop.CancelAsync();
        await Task.WhenAll(load);
        await stub.DisposeAsync();

        // Every call got an answer (a reply or the router's fault); none hung or broke the client.
        Assert.True(outcomes.Count(o => o.Ok) >= 80);
    }

    private static async Task<StubHost> StartStubAsync(int tcpPort)
    {
        var host = new StubHost(new StubOptions { HttpPort = 0, TcpPort = tcpPort });
        await host.StartAsync();
        return host;
    }

    private static int FreePort()
    {
        using var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        return ((IPEndPoint)listener.LocalEndpoint).Port;
    }
}
