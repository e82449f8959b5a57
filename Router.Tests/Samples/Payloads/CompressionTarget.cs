using Samples.Payloads;

namespace SoapRouter.Tests.Samples.Payloads;

/// <summary>The Deflate ratio a profile is held to in one encoding, and the tolerance around it.</summary>
internal sealed record CompressionTarget(PayloadProfile Profile, PayloadEncoding Encoding, double Ratio, double Tolerance)
{
    /// <summary>GetOrders(n) targets: binary XML is the product target; text XML is what text really reaches.</summary>
    public static readonly CompressionTarget[] Orders =
    [
        new(PayloadProfile.HighlyCompressible, PayloadEncoding.BinaryXml, 0.10, 0.05),
        new(PayloadProfile.Compressible, PayloadEncoding.BinaryXml, 0.40, 0.10),
        new(PayloadProfile.Incompressible, PayloadEncoding.BinaryXml, 0.90, 0.08),
        new(PayloadProfile.HighlyCompressible, PayloadEncoding.TextXml, 0.075, 0.04),
        new(PayloadProfile.Compressible, PayloadEncoding.TextXml, 0.33, 0.08),
        new(PayloadProfile.Incompressible, PayloadEncoding.TextXml, 0.65, 0.08),
    ];

    /// <summary>Echo targets: text-only profiles are the same in both encodings; base64 caps text XML again.</summary>
    public static readonly CompressionTarget[] Echo =
    [
        new(PayloadProfile.HighlyCompressible, PayloadEncoding.BinaryXml, 0.10, 0.05),
        new(PayloadProfile.Compressible, PayloadEncoding.BinaryXml, 0.40, 0.10),
        new(PayloadProfile.Incompressible, PayloadEncoding.BinaryXml, 0.90, 0.08),
        new(PayloadProfile.HighlyCompressible, PayloadEncoding.TextXml, 0.10, 0.05),
        new(PayloadProfile.Compressible, PayloadEncoding.TextXml, 0.40, 0.10),
        new(PayloadProfile.Incompressible, PayloadEncoding.TextXml, 0.68, 0.08),
    ];

    public void AssertWithin(double measured) => Assert.True(
        Math.Abs(measured - Ratio) <= Tolerance,
        $"{Profile} in {Encoding}: ratio {measured:F3}, expected {Ratio:F3} ± {Tolerance:F3}");
}
