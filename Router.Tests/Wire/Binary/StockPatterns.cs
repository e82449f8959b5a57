using System.Text;

namespace SoapRouter.Tests.Wire.Binary;

/// <summary>
/// Session payloads in the exact header layouts of WCF's stock net.tcp client requests and service replies (SOAP 1.2,
/// WS-Addressing 1.0): the action as session string 0 (id 1), the request's To as session string 1 (id 3), the
/// MessageID or RelatesTo as UniqueId text. WCF's session reader recognizes these bytes (its MessagePatterns) and builds
/// the headers itself instead of reading them, so they take a different path than other messages.
/// </summary>
internal static class StockPatterns
{
    // <s:Envelope xmlns:s="soap12" xmlns:a="addressing10"><s:Header><a:Action s:mustUnderstand="1">(dictionary text id ...)
    private static readonly byte[] Start = [0x56, 0x02, 0x0B, 0x01, (byte)'s', 0x04, 0x0B, 0x01, (byte)'a', 0x06, 0x56, 0x08, 0x44, 0x0A, 0x1E, 0x00, 0x82, 0xAB];

    /// <summary><paramref name="count"/> requests; the first adds the action and the To to the session.</summary>
    public static IReadOnlyList<byte[]> Requests(string action, string to, int count)
    {
        var payloads = new List<byte[]>();
        for (var i = 0; i < count; i++)
        {
            var payload = new List<byte>();
            payload.AddRange(i == 0 ? Table(action, to) : [0x00]);
            payload.AddRange(Start);
            payload.Add(0x01);
            payload.AddRange([0x44, 0x1A, 0xAD]);
            payload.AddRange(new Guid(i, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7).ToByteArray());
            payload.AddRange([0x44, 0x2C, 0x44, 0x2A, 0xAB, 0x14, 0x01]);
            payload.AddRange([0x44, 0x0C, 0x1E, 0x00, 0x82, 0xAB, 0x03]);
            payload.AddRange([0x01, 0x56, 0x0E]);
            payload.AddRange(Body(i));
            payloads.Add([.. payload]);
        }

        return payloads;
    }

    /// <summary><paramref name="count"/> replies; the first adds the reply action to the session.</summary>
    public static IReadOnlyList<byte[]> Replies(string action, int count)
    {
        var payloads = new List<byte[]>();
        for (var i = 0; i < count; i++)
        {
            var payload = new List<byte>();
            payload.AddRange(i == 0 ? Table(action) : [0x00]);
            payload.AddRange(Start);
            payload.Add(0x01);
            payload.AddRange([0x44, 0x12, 0xAD]);
            payload.AddRange(new Guid(i, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9).ToByteArray());
            payload.AddRange([0x44, 0x0C, 0x1E, 0x00, 0x82, 0xAB, 0x14]);
            payload.AddRange([0x01, 0x56, 0x0E]);
            payload.AddRange(Body(i));
            payloads.Add([.. payload]);
        }

        return payloads;
    }

    /// <summary>A string table of <paramref name="strings"/> (all shorter than 128 bytes).</summary>
    public static byte[] Table(params string[] strings)
    {
        var entries = new List<byte>();
        foreach (var text in strings)
        {
            var bytes = System.Text.Encoding.UTF8.GetBytes(text);
            entries.Add((byte)bytes.Length);
            entries.AddRange(bytes);
        }

        return [(byte)entries.Count, .. entries];
    }

    // <Echo>text i</Echo></s:Body></s:Envelope>
    private static byte[] Body(int i)
    {
        var text = System.Text.Encoding.UTF8.GetBytes("text " + i);
        return [0x40, 0x04, .. "Echo"u8, 0x99, (byte)text.Length, .. text, 0x01, 0x01];
    }
}
