using Samples.Contracts;
using Samples.Payloads;
using SoapRouter.Tests.BackendStub.Wsdl;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.Integration;

/// <summary>
/// A SOAP stack that is not WCF (python's zeep), pointed at the router's ?wsdl: the WSDL it gets names the router, so
/// the client it builds calls the backend through the router.
/// </summary>
public sealed class ZeepThroughRouterTests(RouterBridgeFixture fixture) : IClassFixture<RouterBridgeFixture>
{
    [ZeepFact]
    public Task Zeep_BasicListenerWsdl_CallsThroughTheRouter() => CallThroughRouterAsync(WireBindings.BasicHttp);

    [ZeepFact]
    public Task Zeep_Soap12ListenerWsdl_CallsThroughTheRouter() => CallThroughRouterAsync(WireBindings.Soap12Http);

    private async Task CallThroughRouterAsync(WireBinding binding)
    {
        var listener = fixture.Address(binding, binding);
        var routed = fixture.Router.Statistics.Snapshot().Routes.GetValueOrDefault($"{binding.Name}-{binding.Name}")?.Messages ?? 0;
        var echoes = (await fixture.Stub.StatsAsync()).Actions.GetValueOrDefault(EchoServiceActions.Echo);

        using var result = await ZeepRun.CallAsync(new Uri(listener, "?wsdl"), "--text", "zeep via router", "--blob-hex", "0102", "--orders", "2");

        var root = result.RootElement;
        Assert.Equal("zeep via router", root.GetProperty("echo").GetProperty("text").GetString());
        Assert.Equal("0102", root.GetProperty("echo").GetProperty("blobHex").GetString());
        var expected = new PayloadGenerator(RouterBridgeFixture.Profile, RouterBridgeFixture.Seed).GetOrders(2);
        Assert.Equal(expected.Select(o => o.CustomerId), root.GetProperty("orders").EnumerateArray().Select(o => o.GetProperty("customerId").GetInt32()));

        // Both calls went through the listener's route, not straight to the stub.
        Assert.Equal(routed + 2, fixture.Router.Statistics.Snapshot().Routes[$"{binding.Name}-{binding.Name}"].Messages);
        Assert.Equal(echoes + 1, (await fixture.Stub.StatsAsync()).Actions[EchoServiceActions.Echo]);
    }
}
