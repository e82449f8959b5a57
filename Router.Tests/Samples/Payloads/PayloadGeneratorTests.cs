using Samples.Contracts;
using Samples.Payloads;
using SoapRouter.Tests.Samples.Contracts;

namespace SoapRouter.Tests.Samples.Payloads;

public sealed class PayloadGeneratorTests
{
    public static TheoryData<PayloadProfile> Profiles() => new(Enum.GetValues<PayloadProfile>());

    public static TheoryData<PayloadProfile, PayloadEncoding, int> Sizes()
    {
        var data = new TheoryData<PayloadProfile, PayloadEncoding, int>();
        foreach (var profile in Enum.GetValues<PayloadProfile>())
        {
            foreach (var encoding in Enum.GetValues<PayloadEncoding>())
            {
                foreach (var size in new[] { 1024, 20 * 1024, 200 * 1024 })
                {
                    data.Add(profile, encoding, size);
                }
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(Profiles))]
    public void GetOrders_SameSeed_ProducesSameOrders(PayloadProfile profile)
    {
        var first = new PayloadGenerator(profile, seed: 11).GetOrders(20);
        var second = new PayloadGenerator(profile, seed: 11).GetOrders(20);

        OrderAssert.Equal(first, second);
        Assert.Equal(
            PayloadSerializer.Serialize(first, PayloadEncoding.BinaryXml),
            PayloadSerializer.Serialize(second, PayloadEncoding.BinaryXml));
    }

    [Theory]
    [MemberData(nameof(Profiles))]
    public void GetOrders_OtherSeed_ProducesOtherOrders(PayloadProfile profile)
    {
        var first = PayloadSerializer.Serialize(new PayloadGenerator(profile, seed: 11).GetOrders(20), PayloadEncoding.BinaryXml);
        var second = PayloadSerializer.Serialize(new PayloadGenerator(profile, seed: 12).GetOrders(20), PayloadEncoding.BinaryXml);

        Assert.NotEqual(first, second);
    }

    [Theory]
    [MemberData(nameof(Profiles))]
    public void GetOrders_ReturnsCountOrdersWithAFewLines(PayloadProfile profile)
    {
        var orders = new PayloadGenerator(profile, seed: 3).GetOrders(25);

        Assert.Equal(25, orders.Length);
        Assert.All(orders, order => Assert.InRange(order.OrderItems!.Length, 2, 5));
        Assert.All(orders, order => Assert.False(string.IsNullOrEmpty(order.CreditCardNumber)));
    }

    [Fact]
    public void GetOrders_Zero_ReturnsEmptyArray() =>
        Assert.Empty(new PayloadGenerator(PayloadProfile.Compressible, 1).GetOrders(0));

    [Theory]
    [MemberData(nameof(Profiles))]
    public void CreateEcho_SameSeed_IsDeterministic_OtherSeedDiffers(PayloadProfile profile)
    {
        EchoPayload Echo(int seed) => new PayloadGenerator(profile, seed).CreateEcho(8192, PayloadEncoding.BinaryXml);

        var first = PayloadSerializer.Serialize(Echo(1), PayloadEncoding.BinaryXml);
        Assert.Equal(first, PayloadSerializer.Serialize(Echo(1), PayloadEncoding.BinaryXml));
        Assert.NotEqual(first, PayloadSerializer.Serialize(Echo(2), PayloadEncoding.BinaryXml));
    }

    [Theory]
    [MemberData(nameof(Sizes))]
    public void CreateOrders_RequestedSize_SerializesWithin20Percent(PayloadProfile profile, PayloadEncoding encoding, int size)
    {
        var bytes = PayloadSerializer.Serialize(new PayloadGenerator(profile, seed: 9).CreateOrders(size, encoding), encoding);

        Assert.InRange(bytes.Length, size * 0.8, size * 1.2);
    }

    [Theory]
    [MemberData(nameof(Sizes))]
    public void CreateEcho_RequestedSize_SerializesWithin20Percent(PayloadProfile profile, PayloadEncoding encoding, int size)
    {
        var bytes = PayloadSerializer.Serialize(new PayloadGenerator(profile, seed: 9).CreateEcho(size, encoding), encoding);

        Assert.InRange(bytes.Length, size * 0.8, size * 1.2);
    }
}
