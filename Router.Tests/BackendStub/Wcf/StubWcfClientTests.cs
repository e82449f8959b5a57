using System.Security.Cryptography;
using System.ServiceModel;
using BackendStub.Hosting;
using BackendStub.Service;
using Samples.Contracts;
using Samples.Payloads;
using SoapRouter.Tests.Samples.Contracts;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.BackendStub.Wcf;

/// <summary>
/// Stock WCF clients (ChannelFactory on System.ServiceModel's own bindings and encoders) against the real stub on
/// every HTTP binding: what a WCF application gets from the stub is what it gets from a WCF service.
/// </summary>
public sealed class StubWcfClientTests
{
    public static TheoryData<string> Bindings => [WireBindingNames.BasicHttp, WireBindingNames.Soap12Http, WireBindingNames.BinaryHttp];

    public static TheoryData<string> AddressingBindings => [WireBindingNames.Soap12Http, WireBindingNames.BinaryHttp];

    [Theory]
    [MemberData(nameof(Bindings))]
    public async Task Echo_150KilobytePayload_ComesBackEqual(string bindingName)
    {
        var binding = WireBindings.Get(bindingName);
        await using var stub = await RunningStub.StartAsync();
        using var client = StubWcfClient<IEchoService>.Create(binding, stub.Address(binding));
        var text = string.Concat(Enumerable.Range(0, 4000).Select(i => $"line {i}: héllo <&> wörld\n"));
        var payload = new EchoPayload { Text = text, Blob = RandomNumberGenerator.GetBytes(50_000) };

        var echoed = await client.Channel.EchoAsync(payload);

        Assert.True(text.Length + payload.Blob.Length > 150_000, $"payload of {text.Length + payload.Blob.Length}");
        Assert.Equal(text, echoed.Text);
        Assert.Equal(payload.Blob, echoed.Blob);
        Assert.Equal(1, (await stub.StatsAsync()).Actions[EchoServiceActions.Echo]);
    }

    [Theory]
    [MemberData(nameof(Bindings))]
    public async Task GetOrders100_ReturnsTheGeneratorsOrders(string bindingName)
    {
        var binding = WireBindings.Get(bindingName);
        await using var stub = await RunningStub.StartAsync(new StubOptions { Profile = PayloadProfile.Incompressible, Seed = 11 });
        using var client = StubWcfClient<IOrderService>.Create(binding, stub.Address(binding));

        var orders = await client.Channel.GetOrdersAsync(100);

        OrderAssert.Equal(new PayloadGenerator(PayloadProfile.Incompressible, 11).GetOrders(100), orders);
    }

    [Theory]
    [MemberData(nameof(Bindings))]
    public async Task SubmitOrder_OneWay_IsCountedByTheStub(string bindingName)
    {
        var binding = WireBindings.Get(bindingName);
        await using var stub = await RunningStub.StartAsync();
        using var client = StubWcfClient<IOrderService>.Create(binding, stub.Address(binding));
        var order = new PayloadGenerator(PayloadProfile.Compressible, 3).GetOrders(1)[0];

        await client.Channel.SubmitOrderAsync(order);
        await client.Channel.SubmitOrderAsync(order);

        var stats = await stub.StatsAsync();
        Assert.Equal(2, stats.OneWayReceived);
        Assert.Equal(2, stats.Actions[OrderServiceActions.SubmitOrder]);
        Assert.Equal(0, stats.FaultsReturned);
    }

    [Theory]
    [MemberData(nameof(Bindings))]
    public async Task InjectedFault_ReachesTheClientAsFaultException(string bindingName)
    {
        var binding = WireBindings.Get(bindingName);
        await using var stub = await RunningStub.StartAsync(new StubOptions { FaultRate = 1 });
        using var client = StubWcfClient<IEchoService>.Create(binding, stub.Address(binding));

        var fault = await Assert.ThrowsAsync<FaultException>(() => client.Channel.EchoAsync(new EchoPayload { Text = "x" }));

        Assert.Equal("Injected fault (request 1).", fault.Reason.ToString());
        Assert.True(fault.Code.IsReceiverFault);
        Assert.Equal(1, (await stub.StatsAsync()).FaultsInjected);
    }

    [Theory]
    [MemberData(nameof(AddressingBindings))]
    public async Task ToOfAnotherEndpoint_ReachesTheClientAsEndpointNotFound(string bindingName)
    {
        var binding = WireBindings.Get(bindingName);
        await using var stub = await RunningStub.StartAsync();
        var address = stub.Address(binding);
        var elsewhere = new UriBuilder(address) { Path = "/somewhere-else" }.Uri;
        using var client = StubWcfClient<IEchoService>.Create(binding, elsewhere, via: address);

        var notFound = await Assert.ThrowsAsync<EndpointNotFoundException>(() => client.Channel.EchoAsync(new EchoPayload { Text = "x" }));

        Assert.Equal(WcfFaults.AddressFilterMismatchReason(elsewhere.AbsoluteUri), notFound.Message);
        Assert.Equal(1, (await stub.StatsAsync()).FaultsReturned);
    }

    /// <remarks>
    /// The stub answers a SOAP fault with subcode ActionNotSupported (SOAP 1.1: that faultcode); a WCF client turns
    /// it into ActionNotSupportedException rather than a FaultException, on basicHttp too, as against a WCF service.
    /// </remarks>
    [Theory]
    [MemberData(nameof(Bindings))]
    public async Task UnknownAction_ReachesTheClientAsActionNotSupported(string bindingName)
    {
        var binding = WireBindings.Get(bindingName);
        await using var stub = await RunningStub.StartAsync();
        using var client = StubWcfClient<INotServedContract>.Create(binding, stub.Address(binding));

        var error = await Assert.ThrowsAsync<ActionNotSupportedException>(() => client.Channel.CancelOrderAsync(7));

        Assert.Equal(WcfFaults.ContractFilterMismatchReason(INotServedContract.Action), error.Message);
        Assert.Equal(1, (await stub.StatsAsync()).Actions[INotServedContract.Action]);
    }
}
