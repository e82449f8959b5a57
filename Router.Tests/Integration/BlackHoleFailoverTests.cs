using System.Diagnostics;
using System.ServiceModel;
using Samples.Contracts;
using SoapRouter.Configuration;
using SoapRouter.Telemetry;
using SoapRouter.Tests.BackendStub;
using SoapRouter.Tests.BackendStub.Wcf;
using SoapRouter.Tests.Configuration;
using SoapRouter.Tests.Listening;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.Integration;

/// <summary>
/// Issue 20's black hole through the real router: a destination that accepts connections and never answers (what
/// <c>docker pause</c> and an iptables DROP leave) next to a live BackendStub. Idempotent calls of a stock WCF client are
/// given up on the black hole after <c>attemptTimeout</c> and answered by the stub, the black hole is ejected after a few
/// timeouts in a row, and a non-idempotent call that reached it is not sent again.
/// </summary>
public sealed class BlackHoleFailoverTests
{
    private static readonly TimeSpan AttemptTimeout = TimeSpan.FromSeconds(1);

    // Far under the 30 s request timeout the router used to wait; generous for a machine shared with other builds.
    private static readonly TimeSpan Margin = TimeSpan.FromSeconds(4);

    [Fact]
    public async Task IdempotentCalls_AnsweredByThePeerWithinTheAttemptTimeout_BlackHoleEjected_RetryOnTheSpans()
    {
        using var spans = new SpanCollector(RouterTelemetry.Name);
        using var blackHole = new BlackHoleListener();
        await using var stub = await RunningStub.StartAsync();
        var blackHoleName = "blackhole-" + Guid.NewGuid().ToString("N")[..8];
        await using var router = await StartRouterAsync(blackHole, stub, blackHoleName, requestTimeout: TimeSpan.FromSeconds(30));
        var blackHoleState = router.Host.Runtime.State.Clusters["c"].Primaries[0];
        using var client = StubWcfClient<IOrderService>.Create(WireBindings.BasicHttp, router.Address("basic"));

        // Round robin leads every other call with the black hole, until five timeouts in a row eject it.
        var slowest = TimeSpan.Zero;
        for (var i = 0; i < 12; i++)
        {
            var clock = Stopwatch.StartNew();
            var orders = await client.Channel.GetOrdersAsync(2);
            slowest = clock.Elapsed > slowest ? clock.Elapsed : slowest;
            Assert.Equal(2, orders.Length);
        }

        Assert.True(slowest < AttemptTimeout + Margin, $"slowest call {slowest}");
        Assert.True(blackHole.Bytes > 0, "no request reached the black hole");
        Assert.Equal("ejected", blackHoleState.Health!.State);
        Assert.True(router.Statistics.Retries >= 5, $"retries {router.Statistics.Retries}");
        Assert.True(router.Statistics.Failovers >= 5, $"failovers {router.Statistics.Failovers}");
        Assert.Contains(router.Log.Entries, entry => entry.Message.Contains($"{blackHoleName} ejected for 00:00:05: 5 failed or slow attempts in a row", StringComparison.Ordinal));

        // Each call that met the black hole has two attempt spans: the black hole's timeout, then the stub's answer.
        var timedOut = spans.Where(span => span.OperationName == "soap.forward" && Equals(span.GetTagItem(SpanTags.Destination), blackHoleName));
        Assert.Equal(5, timedOut.Count);
        Assert.All(timedOut, span =>
        {
            Assert.Equal("requestTimeout", span.GetTagItem(SpanTags.AttemptError));
            Assert.Equal(1, span.GetTagItem(SpanTags.Attempt));
        });
        var retried = spans.Where(span => span.OperationName == "soap.forward" && timedOut.Any(t => t.TraceId == span.TraceId) && !Equals(span.GetTagItem(SpanTags.Destination), blackHoleName));
        Assert.Equal(5, retried.Count(span => Equals(span.GetTagItem(SpanTags.Attempt), 2) && Equals(span.GetTagItem(SpanTags.AttemptError), "none")));

        // Ejected: the next calls never reach it.
        var bytes = blackHole.Bytes;
        for (var i = 0; i < 6; i++)
        {
            Assert.Equal(2, (await client.Channel.GetOrdersAsync(2)).Length);
        }

        Assert.Equal(bytes, blackHole.Bytes);
    }

    [Fact]
    public async Task NonIdempotentCallSentToTheBlackHole_IsNotSentAgain_ItFailsAtTheRequestTimeout()
    {
        using var blackHole = new BlackHoleListener();
        await using var stub = await RunningStub.StartAsync();
        var requestTimeout = TimeSpan.FromSeconds(3);
        await using var router = await StartRouterAsync(blackHole, stub, "blackhole", requestTimeout);
        using var client = StubWcfClient<IEchoService>.Create(WireBindings.BasicHttp, router.Address("basic"));

        // Echo is not idempotent on this route; round robin sends the first call to the black hole.
        var clock = Stopwatch.StartNew();
        var fault = await Assert.ThrowsAnyAsync<FaultException>(() => client.Channel.EchoAsync(new EchoPayload { Text = "once" }));
        var elapsed = clock.Elapsed;

        Assert.True(elapsed >= requestTimeout - TimeSpan.FromMilliseconds(100), $"failed after {elapsed}: cut by the attempt timeout");
        Assert.True(blackHole.Bytes > 0, "the request never reached the black hole");
        Assert.Equal(0, (await stub.StatsAsync()).Requests);
        Assert.NotNull(fault.Message);
    }

    private static Task<ListeningRouter> StartRouterAsync(BlackHoleListener blackHole, RunningStub stub, string blackHoleName, TimeSpan requestTimeout)
    {
        var cluster = new ClusterConfig
        {
            Destinations =
            [
                new DestinationConfig { Name = blackHoleName, Address = $"http://127.0.0.1:{blackHole.Port}/basic", Binding = WireBindingNames.BasicHttp },
                new DestinationConfig { Name = blackHoleName + "-peer", Address = stub.Address(WireBindings.BasicHttp).AbsoluteUri, Binding = WireBindingNames.BasicHttp },
            ],
            RequestTimeout = requestTimeout,
            AttemptTimeout = AttemptTimeout,
        };
        var route = TestConfigs.Route("all", "c", TestConfigs.MatchAll()) with { IdempotentActions = [OrderServiceActions.GetOrders] };
        return ListeningRouter.StartAsync(ListeningRouter.Config([route], new() { ["c"] = cluster }));
    }
}
