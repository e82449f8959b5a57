using Samples.Contracts;
using Samples.Payloads;
using SoapRouter.Configuration;
using SoapRouter.Telemetry;
using SoapRouter.Tests.BackendStub;
using SoapRouter.Tests.BackendStub.Wcf;
using SoapRouter.Tests.Configuration;
using SoapRouter.Tests.Listening;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Encoding;

namespace SoapRouter.Tests.Integration.Streamed;

/// <summary>
/// A stock WCF client with a streamed binding calls the one-way SubmitOrder through a streamed listener to the real
/// BackendStub (its buffered endpoint, configured as a streamed destination, which acknowledges a one-way operation with an empty 202): the pipeline knows the
/// message is one-way (the route's oneWayActions on basicHttp, no MessageID on the others) and sends it on the streamed
/// path with that flag; the order arrives, the client's call returns, and the router counts one one-way message, no fault.
/// </summary>
public sealed class StreamedOneWayTests
{
    [Theory]
    [InlineData(WireBindingNames.BasicHttp, WireBindingNames.BasicHttp)]
    [InlineData(WireBindingNames.Soap12Http, WireBindingNames.Soap12Http)]
    [InlineData(WireBindingNames.BinaryHttp, WireBindingNames.BinaryHttp)]
    [InlineData(WireBindingNames.BasicHttp, WireBindingNames.BinaryHttp)]
    public async Task SubmitOrder_OneWayOnAStreamedListener_ArrivesAndIsCountedOneWay(string clientBinding, string backendBinding)
    {
        var (client, backend) = (WireBindings.Get(clientBinding), WireBindings.Get(backendBinding));
        await using var stub = await RunningStub.StartAsync();
        var listener = TestConfigs.Listener("up", client.Name, "http://127.0.0.1:0/router/up") with { TransportMode = TransportModes.Streamed };
        var route = TestConfigs.Route("orders", "c", TestConfigs.Address("/router/up")) with { OneWayActions = [OrderServiceActions.SubmitOrder] };
        // A streamed destination (the stub's buffered endpoint, which reads the streamed request whole): what a streamed route needs.
        var cluster = StreamedRouterFixture.StreamedCluster(backend, stub.Address(backend));
        await using var router = await ListeningRouter.StartAsync(ListeningRouter.Config([listener], [route], new() { ["c"] = cluster }));
        using var wcf = StubWcfClient<IOrderService>.Create(client.CreateStreamedClientBinding(WireLimits.Default), router.Address("up"));
        var order = new PayloadGenerator(PayloadProfile.Compressible, 9).GetOrders(1)[0];

        await wcf.Channel.SubmitOrderAsync(order);

        await Eventually.TrueAsync(async () => (await stub.StatsAsync()).OneWayReceived == 1, "the order did not arrive");
        await Eventually.TrueAsync(() => Task.FromResult(router.Statistics.Snapshot().OneWay == 1), "the router did not count it one-way");
        var stats = router.Statistics.Snapshot();
        Assert.Equal(1, stats.Messages);
        Assert.Equal(0, router.Statistics.Listener("up").Failures);
        Assert.Equal(0, FaultKindNames.All.Sum(kind => router.Statistics.Faults(kind.Kind)));
    }
}
