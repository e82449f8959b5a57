using Samples.Payloads;
using Xunit.Abstractions;

namespace SoapRouter.Tests.Samples.Payloads;

public sealed class MessagePresetsTests(ITestOutputHelper output)
{
    public static TheoryData<string, PayloadEncoding> PresetsAndEncodings()
    {
        var data = new TheoryData<string, PayloadEncoding>();
        foreach (var name in MessagePresets.ByName.Keys)
        {
            foreach (var encoding in Enum.GetValues<PayloadEncoding>())
            {
                data.Add(name, encoding);
            }
        }

        return data;
    }

    [Fact]
    public void Presets_EchoTheSeedExperiment()
    {
        Assert.Equal((PayloadProfile.HighlyCompressible, 1024), (MessagePresets.Simple.Profile, MessagePresets.Simple.TargetBytes));
        Assert.Equal((PayloadProfile.Compressible, 20 * 1024), (MessagePresets.Medium.Profile, MessagePresets.Medium.TargetBytes));
        Assert.Equal((PayloadProfile.Incompressible, 200 * 1024), (MessagePresets.Complex.Profile, MessagePresets.Complex.TargetBytes));
        Assert.Same(MessagePresets.Medium, MessagePresets.ByName["MEDIUM"]);
    }

    [Theory]
    [MemberData(nameof(PresetsAndEncodings))]
    public void Preset_Orders_AreWithin20PercentOfTargetSize(string name, PayloadEncoding encoding)
    {
        var preset = MessagePresets.ByName[name];

        var orders = PayloadSerializer.Serialize(preset.CreateOrders(seed: 1, encoding), encoding);
        var echo = PayloadSerializer.Serialize(preset.CreateEcho(seed: 1, encoding), encoding);
        output.WriteLine($"{name} {encoding}: orders {orders.Length} B ratio {CompressionRatio.Deflate(orders):F3}; echo {echo.Length} B ratio {CompressionRatio.Deflate(echo):F3}");

        Assert.InRange(orders.Length, preset.TargetBytes * 0.8, preset.TargetBytes * 1.2);
        Assert.InRange(echo.Length, preset.TargetBytes * 0.8, preset.TargetBytes * 1.2);
    }
}
