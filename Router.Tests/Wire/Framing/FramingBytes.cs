
namespace SoapRouter.Tests.Wire.Framing;

/// <summary>
/// Client records written by hand from [MC-NMF], independently of the production writers, so tests check the server
/// against the specification rather than against itself.
/// </summary>
internal static class FramingBytes
{
    public const string BinarySessionContentType = "application/soap+msbinsession1";

    /// <summary>Version 1.0 and duplex mode, as every WCF NetTcpBinding client starts.</summary>
    public static byte[] VersionAndDuplexMode => [0x00, 0x01, 0x00, 0x01, 0x02];

    /// <summary>The size encoding of [MC-NMF] 2.2.2.</summary>
    public static byte[] Size(long value)
    {
        var bytes = new List<byte>();
        do
        {
            var group = (byte)(value & 0x7F);
            value >>= 7;
            bytes.Add(value != 0 ? (byte)(group | 0x80) : group);
        }
        while (value != 0);
        return [.. bytes];
    }

    /// <summary>A record of <paramref name="type"/> carrying <paramref name="text"/> as sized UTF-8.</summary>
    public static byte[] StringRecord(byte type, string text)
    {
        var utf8 = System.Text.Encoding.UTF8.GetBytes(text);
        return [type, .. Size(utf8.Length), .. utf8];
    }

    public static byte[] Via(string via) => StringRecord(0x02, via);

    public static byte[] KnownEncoding(byte encoding) => [0x03, encoding];

    public static byte[] ExtensibleEncoding(string contentType) => StringRecord(0x04, contentType);

    public static byte[] UpgradeRequest(string protocol) => StringRecord(0x09, protocol);

    public static byte[] Fault(string fault) => StringRecord(0x08, fault);

    public static byte[] PreambleEnd => [0x0C];

    public static byte[] End => [0x07];

    /// <summary>A whole duplex preamble for <paramref name="via"/> with the known binary session encoding (0x08), as WCF sends it.</summary>
    public static byte[] Preamble(Uri via) => [.. VersionAndDuplexMode, .. Via(via.AbsoluteUri), .. KnownEncoding(0x08), .. PreambleEnd];

    /// <summary>A duplex preamble for <paramref name="via"/> up to an Upgrade Request for <paramref name="protocol"/> (no Preamble End).</summary>
    public static byte[] PreambleWithUpgrade(Uri via, string protocol) =>
        [.. VersionAndDuplexMode, .. Via(via.AbsoluteUri), .. KnownEncoding(0x08), .. UpgradeRequest(protocol)];

    /// <summary>A Sized Envelope record around <paramref name="payload"/>.</summary>
    public static byte[] SizedEnvelope(ReadOnlySpan<byte> payload) => [0x06, .. Size(payload.Length), .. payload];
}
