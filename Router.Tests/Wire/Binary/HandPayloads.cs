using SoapRouter.Wire.Framing;

namespace SoapRouter.Tests.Wire.Binary;

/// <summary>Hand-made msbinsession1 payloads: a string table and records, around a minimal SOAP 1.2 envelope.</summary>
internal static class HandPayloads
{
    // <s:Envelope xmlns:s="soap12" xmlns:a="addressing10"><s:Header></s:Header><s:Body>
    private static readonly byte[] EnvelopeStart = [0x56, 0x02, 0x0B, 0x01, (byte)'s', 0x04, 0x0B, 0x01, (byte)'a', 0x06, 0x56, 0x08, 0x01, 0x56, 0x0E];

    /// <summary>The envelope's records around <paramref name="body"/> (the Body's content), no table.</summary>
    public static byte[] Envelope(ReadOnlySpan<byte> body) => [.. EnvelopeStart, .. body, 0x01, 0x01];

    /// <summary>A string table of <paramref name="strings"/>.</summary>
    public static byte[] Table(params string[] strings) => Table(strings.Select(System.Text.Encoding.UTF8.GetBytes).ToArray());

    /// <summary>A string table of raw entries (any bytes, even invalid UTF-8).</summary>
    public static byte[] Table(params byte[][] entries)
    {
        var body = new List<byte>();
        Span<byte> size = stackalloc byte[MultiByteInt31.MaxLength];
        foreach (var entry in entries)
        {
            body.AddRange(size[..MultiByteInt31.Write(size, entry.Length)]);
            body.AddRange(entry);
        }

        return [.. size[..MultiByteInt31.Write(size, body.Count)], .. body];
    }

    /// <summary>A payload: <paramref name="table"/>, then the envelope around <paramref name="body"/>.</summary>
    public static byte[] Payload(byte[] table, ReadOnlySpan<byte> body) => [.. table, .. Envelope(body)];
}
