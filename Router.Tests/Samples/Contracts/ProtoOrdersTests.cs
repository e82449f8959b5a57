using System.ServiceModel;
using Samples.Contracts;
using Samples.Payloads;
using SoapRouter.Tests.BackendStub;
using SoapRouter.Tests.BackendStub.Wcf;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.Samples.Contracts;

/// <summary>Seed 003's orders as protobuf-net bytes, and the stub's IProtoOrderService called directly.</summary>
public sealed class ProtoOrdersTests
{
    [Theory]
    [InlineData(PayloadProfile.HighlyCompressible)]
    [InlineData(PayloadProfile.Compressible)]
    [InlineData(PayloadProfile.Incompressible)]
    public void Orders_RoundTrip_AndAreSmallerThanTheirDataContractText(PayloadProfile profile)
    {
        var orders = new PayloadGenerator(profile, 4).GetOrders(20);

        var bytes = ProtoOrders.Serialize(orders);

        OrderAssert.Equal(orders, ProtoOrders.Deserialize(bytes));
        Assert.True(bytes.Length < PayloadSerializer.Serialize(orders, PayloadEncoding.TextXml).Length, $"{bytes.Length} protobuf bytes");
    }

    [Fact]
    public void EmptyPayload_IsNoOrders_AndGarbage_Throws()
    {
        Assert.Empty(ProtoOrders.Deserialize([]));
        Assert.ThrowsAny<Exception>(() => ProtoOrders.Deserialize([0x0a, 0xff, 0xff, 0xff, 0xff, 0x0f, 0x01]));
    }

    [Fact]
    public async Task Stub_EchoProto_RefusesBytesThatAreNotAnOrderBatch_WithWcfsDeserializationFault()
    {
        await using var stub = await RunningStub.StartAsync();
        using var client = StubWcfClient<IProtoOrderService>.Create(WireBindings.Soap12Http, stub.Address(WireBindings.Soap12Http));

        var fault = await Assert.ThrowsAsync<FaultException>(() => client.Channel.EchoProtoAsync([0x0a, 0xff, 0xff, 0xff, 0xff, 0x0f, 0x01]));

        Assert.Contains("EchoProto", fault.Reason.ToString(), StringComparison.Ordinal);
        Assert.Equal(1, (await stub.StatsAsync()).FaultsReturned);
    }

    [Fact]
    public async Task Stub_GetOrdersProto_ServesTheSameOrdersAsGetOrders()
    {
        await using var stub = await RunningStub.StartAsync(new global::BackendStub.Hosting.StubOptions { Seed = 8, Profile = PayloadProfile.Incompressible });
        using var proto = StubWcfClient<IProtoOrderService>.Create(WireBindings.BinaryHttp, stub.Address(WireBindings.BinaryHttp));
        using var dataContract = StubWcfClient<IOrderService>.Create(WireBindings.BinaryHttp, stub.Address(WireBindings.BinaryHttp));

        var fromProto = ProtoOrders.Deserialize(await proto.Channel.GetOrdersProtoAsync(7));
        var fromDataContract = await dataContract.Channel.GetOrdersAsync(7);

        OrderAssert.Equal(fromDataContract, fromProto);
        Assert.Equal(1, (await stub.StatsAsync()).Actions[ProtoOrderServiceActions.GetOrdersProto]);
    }
}
