using System.Text;
using Samples.Contracts;
using Samples.Payloads;

namespace SoapRouter.Tests.Samples.Contracts;

public sealed class DataContractRoundTripTests
{
    public static TheoryData<PayloadProfile, PayloadEncoding> ProfilesAndEncodings()
    {
        var data = new TheoryData<PayloadProfile, PayloadEncoding>();
        foreach (var profile in Enum.GetValues<PayloadProfile>())
        {
            foreach (var encoding in Enum.GetValues<PayloadEncoding>())
            {
                data.Add(profile, encoding);
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(ProfilesAndEncodings))]
    public void Orders_SerializedAndRead_AreUnchanged(PayloadProfile profile, PayloadEncoding encoding)
    {
        var orders = new PayloadGenerator(profile, seed: 5).GetOrders(5);

        var read = PayloadSerializer.Deserialize<Order[]>(PayloadSerializer.Serialize(orders, encoding), encoding);

        OrderAssert.Equal(orders, read);
    }

    [Theory]
    [MemberData(nameof(ProfilesAndEncodings))]
    public void Echo_SerializedAndRead_IsUnchanged(PayloadProfile profile, PayloadEncoding encoding)
    {
        var echo = new PayloadGenerator(profile, seed: 5).CreateEcho(4096, encoding);

        var read = PayloadSerializer.Deserialize<EchoPayload>(PayloadSerializer.Serialize(echo, encoding), encoding);

        Assert.Equal(echo.Text, read.Text);
        Assert.Equal(echo.Blob, read.Blob);
    }

    [Fact]
    public void Order_InTextXml_UsesSeedWireNamesAndFixedNamespace()
    {
        var order = new Order { CustomerId = 7, OrderItems = [new OrderLine { ItemId = 3, Quantity = 2 }] };

        var xml = Encoding.UTF8.GetString(PayloadSerializer.Serialize(order, PayloadEncoding.TextXml));

        Assert.Contains($"xmlns=\"{ContractNamespaces.Data}\"", xml, StringComparison.Ordinal);
        Assert.Contains("<CustomerID>7</CustomerID>", xml, StringComparison.Ordinal);
        Assert.Contains("<ItemID>3</ItemID>", xml, StringComparison.Ordinal);
        Assert.True(xml.IndexOf("<CreditCardName", StringComparison.Ordinal) < xml.IndexOf("<OrderItems", StringComparison.Ordinal));

        // The stub's filler members are left out when unset, so the seed's contract sees its own shape.
        Assert.DoesNotContain("Notes", xml, StringComparison.Ordinal);
        Assert.DoesNotContain("Attachment", xml, StringComparison.Ordinal);
        Assert.DoesNotContain("OrderId", xml, StringComparison.Ordinal);
    }

    [Fact]
    public void Actions_FollowWcfDefaultNaming()
    {
        Assert.Equal("http://tempuri.org/IOrderService/GetOrders", OrderServiceActions.GetOrders);
        Assert.Equal(OrderServiceActions.GetOrders + "Response", OrderServiceActions.GetOrdersResponse);
        Assert.Equal("http://tempuri.org/IOrderService/SubmitOrder", OrderServiceActions.SubmitOrder);
        Assert.Equal("http://tempuri.org/IEchoService/Echo", EchoServiceActions.Echo);
        Assert.Equal(EchoServiceActions.Echo + "Response", EchoServiceActions.EchoResponse);
        Assert.StartsWith(ContractNamespaces.Service, OrderServiceActions.GetOrders, StringComparison.Ordinal);
    }
}
