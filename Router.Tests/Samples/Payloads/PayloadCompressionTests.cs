using Samples.Payloads;
using Xunit.Abstractions;

namespace SoapRouter.Tests.Samples.Payloads;

public sealed class PayloadCompressionTests(ITestOutputHelper output)
{
    public static TheoryData<int, int> OrderCases()
    {
        var data = new TheoryData<int, int>();
        for (var i = 0; i < CompressionTarget.Orders.Length; i++)
        {
            data.Add(i, 42);
            data.Add(i, 2026);
        }

        return data;
    }

    public static TheoryData<int> EchoCases()
    {
        var data = new TheoryData<int>();
        for (var i = 0; i < CompressionTarget.Echo.Length; i++)
        {
            data.Add(i);
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(OrderCases))]
    public void GetOrders100_Deflated_ReachesProfileRatio(int targetIndex, int seed)
    {
        var target = CompressionTarget.Orders[targetIndex];
        var bytes = PayloadSerializer.Serialize(new PayloadGenerator(target.Profile, seed).GetOrders(100), target.Encoding);

        var deflate = CompressionRatio.Deflate(bytes);
        var gzip = CompressionRatio.GZip(bytes);
        output.WriteLine($"{target.Profile} {target.Encoding} seed {seed}: {bytes.Length} bytes, deflate {deflate:F3}, gzip {gzip:F3}");

        target.AssertWithin(deflate);
        target.AssertWithin(gzip);
    }

    [Theory]
    [MemberData(nameof(EchoCases))]
    public void Echo64K_Deflated_ReachesProfileRatio(int targetIndex)
    {
        var target = CompressionTarget.Echo[targetIndex];
        var bytes = PayloadSerializer.Serialize(new PayloadGenerator(target.Profile, seed: 42).CreateEcho(64 * 1024, target.Encoding), target.Encoding);

        var deflate = CompressionRatio.Deflate(bytes);
        output.WriteLine($"{target.Profile} {target.Encoding}: {bytes.Length} bytes, deflate {deflate:F3}");

        target.AssertWithin(deflate);
    }

    [Fact]
    public void Incompressible_InTextXml_StaysUnderTheBase64Ceiling()
    {
        var bytes = PayloadSerializer.Serialize(new PayloadGenerator(PayloadProfile.Incompressible, 42).GetOrders(50), PayloadEncoding.TextXml);

        // base64 carries 6 bits per 8-bit char: no text XML of random bytes can beat 0.75 by much.
        Assert.InRange(CompressionRatio.Deflate(bytes), 0, 0.78);
    }
}
