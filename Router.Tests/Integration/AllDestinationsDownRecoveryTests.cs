using System.Diagnostics;
using System.ServiceModel;
using BackendStub.Hosting;
using Microsoft.Extensions.Logging;
using Samples.Contracts;
using SoapRouter.Configuration;
using SoapRouter.Health;
using SoapRouter.Telemetry;
using SoapRouter.Tests.BackendStub.Wcf;
using SoapRouter.Tests.Configuration;
using SoapRouter.Tests.Listening;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.Integration;

/// <summary>
/// Every destination of a cluster down, end to end through the real router with a real WCF client: each call gets the
/// router's "service unavailable" Receiver fault (not a transport error, not a hang), attempts stay at most one per
/// destination per message, failures are logged at most once per destination per interval, and when one destination
/// comes back its health probe returns it and calls succeed again, with the other still down.
/// </summary>
public sealed class AllDestinationsDownRecoveryTests
{
    private const int CallsWhileDown = 40;

    [Fact]
    public async Task EveryDestinationDown_ClientsGetTheUnavailableFault_ThenOneReturnsAndCallsSucceed()
    {
        int[] ports = [FreePort.Unused(), FreePort.Unused()];
        var cluster = ListeningRouter.Cluster(WireBindingNames.Soap12Http, [.. ports.Select(p => $"http://127.0.0.1:{p}/soap12")]) with
        {
            HealthCheck = new HealthCheckConfig { Interval = TimeSpan.FromMilliseconds(500), HealthyThreshold = 1, UnhealthyThreshold = 1 },
        };
        await using var router = await ListeningRouter.StartAsync(ListeningRouter.Config([TestConfigs.Route("all", "c", TestConfigs.MatchAll())], new() { ["c"] = cluster }));
        var clock = Stopwatch.StartNew();
        using var client = StubWcfClient<IEchoService>.Create(WireBindings.Soap12Http, router.Address("soap12"));

        for (var i = 0; i < CallsWhileDown; i++)
        {
            var fault = await Assert.ThrowsAsync<FaultException>(() => client.Channel.EchoAsync(new EchoPayload { Text = "down" }));
            Assert.True(fault.Code.IsReceiverFault, $"call {i}: a {fault.Code.Name} fault");
            Assert.Equal("The service is unavailable.", fault.Reason.GetMatchingTranslation().Text);
        }

        var attempts = router.Statistics.Destination("d1").Messages + router.Statistics.Destination("d2").Messages;
        Assert.InRange(attempts, 0, 2L * CallsWhileDown);

        var stub = new StubHost(new StubOptions { HttpPort = ports[1], TcpPort = 0 });
        await stub.StartAsync();
        try
        {
            await Eventually.TrueAsync(async () =>
            {
                try
                {
                    return (await client.Channel.EchoAsync(new EchoPayload { Text = "back" })).Text == "back";
                }
                catch (FaultException)
                {
                    return false;
                }
            }, "calls did not succeed again once one destination came back");

            // The one that came back now takes every call; the one still down is left out by its probe.
            for (var i = 0; i < 10; i++)
            {
                Assert.Equal("back", (await client.Channel.EchoAsync(new EchoPayload { Text = "back" })).Text);
            }
        }
        finally
        {
            await stub.DisposeAsync();
        }

        // At most one aggregated failure line per destination per interval that has begun since the start.
        var intervals = 1 + (int)(clock.Elapsed / IntervalCount.DefaultInterval);
        foreach (var destination in new[] { "d1", "d2" })
        {
            var lines = router.Log.Entries.Count(e => e.Level == LogLevel.Warning && e.Message.StartsWith($"Destination {destination}: ", StringComparison.Ordinal));
            Assert.True(lines <= intervals, $"{lines} failure lines for {destination} in {intervals} interval(s)");
        }
    }
}
