using System.Text;

namespace SoapRouter.Fuzz.Generation;

/// <summary>
/// The tokens structure-aware mutations insert: SOAP and WS-Addressing names, XML entity and DTD tricks, msbin1
/// ([MC-NBFX]) record types and dictionary ids, [MC-NMF] record types and sizes.
/// </summary>
internal static class FuzzDictionary
{
    /// <summary>Element and attribute names a SOAP stack reacts to.</summary>
    public static readonly string[] SoapNames =
    [
        "Envelope", "Header", "Body", "Fault", "Action", "To", "MessageID", "RelatesTo", "ReplyTo", "FaultTo", "From",
        "Address", "mustUnderstand", "actor", "role", "relay", "encodingStyle", "Code", "Value", "Subcode", "Reason", "Text",
        "faultcode", "faultstring", "detail", "Echo", "EchoPayload", "Blob", "Text", "xmlns", "xml:lang", "i:nil", "i:type",
    ];

    /// <summary>Namespaces a SOAP stack reacts to.</summary>
    public static readonly string[] Namespaces =
    [
        "http://schemas.xmlsoap.org/soap/envelope/", "http://www.w3.org/2003/05/soap-envelope",
        "http://www.w3.org/2005/08/addressing", "http://schemas.xmlsoap.org/ws/2004/08/addressing",
        "http://schemas.microsoft.com/ws/2005/05/addressing/none", "http://www.w3.org/2001/XMLSchema-instance",
        "http://www.w3.org/XML/1998/namespace", "http://www.w3.org/2000/xmlns/", "", "urn:x",
    ];

    /// <summary>Text fragments that attack an XML reader: entities, DTDs, odd characters and encodings.</summary>
    public static readonly string[] XmlTricks =
    [
        "<!DOCTYPE e [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\"><!ENTITY c \"&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;\">]>",
        "<!DOCTYPE e [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>", "<!DOCTYPE e SYSTEM \"http://127.0.0.1:1/x.dtd\">",
        "<!DOCTYPE e [<!ENTITY % p SYSTEM \"http://127.0.0.1:1/p\"> %p;]>", "&x;", "&c;", "&#0;", "&#xD800;", "&#x110000;",
        "&#99999999999;", "&lt", "<![CDATA[", "]]>", "<?xml version=\"1.0\" encoding=\"utf-16\"?>", "<?xml version=\"1.1\"?>",
        "<?xml-stylesheet href=\"x\"?>", "<!--", "-->", "\uFEFF", "\u0000", "\uFFFE", "xmlns:s=\"\"", "xmlns=\"urn:x\"",
        "s:mustUnderstand=\"1\"", "s:mustUnderstand=\"true\"", "<s:Envelope>", "</s:Body>", "</s:Envelope><s:Envelope>",
        "<a:Action s:mustUnderstand=\"1\">", "<a:To>", "http://", "net.tcp://", "\r\n", "  ", "<", ">", "&", "\"", "'", "=",
    ];

    /// <summary>msbin1 record types ([MC-NBFX] 2.2.3): elements, attributes, text records, end, array.</summary>
    public static readonly byte[] BinaryRecordTypes =
    [
        0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x0E, 0x0F, 0x26, 0x3F, 0x40, 0x41,
        0x42, 0x43, 0x44, 0x45, 0x5E, 0x77, 0x80, 0x81, 0x82, 0x84, 0x86, 0x88, 0x8A, 0x8C, 0x8E, 0x90, 0x92, 0x94, 0x96,
        0x98, 0x99, 0x9A, 0x9B, 0x9C, 0x9D, 0x9E, 0x9F, 0xA0, 0xA1, 0xA2, 0xA3, 0xA4, 0xA6, 0xA8, 0xAA, 0xAC, 0xAE, 0xB0,
        0xB2, 0xB4, 0xB6, 0xBC, 0xBE, 0xFF,
    ];

    /// <summary>[MC-NMF] record types, the defined ones and a few past them.</summary>
    public static readonly byte[] FramingRecordTypes = [0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x0F, 0x7F, 0x80, 0xFF];

    /// <summary>Sizes and dictionary ids that sit on a boundary of a 7-bit multi-byte integer or of a limit.</summary>
    public static readonly int[] InterestingSizes =
    [
        0, 1, 2, 0x7F, 0x80, 0xFF, 0x3FFF, 0x4000, 0xFFFF, 0x10000, 65536 + 1, 0x1FFFFF, 0x200000, 4194304, 4194305,
        16777216, 0x0FFFFFFF, 0x7FFFFFFE, int.MaxValue,
    ];

    /// <summary>Multi-byte integers that are not well formed: unterminated, over five octets, past Int31.</summary>
    public static readonly byte[][] BadMultiByteInts =
    [
        [0x80], [0x80, 0x80, 0x80, 0x80, 0x80], [0xFF, 0xFF, 0xFF, 0xFF, 0x7F], [0xFF, 0xFF, 0xFF, 0xFF, 0x0F],
        [0x80, 0x80, 0x80, 0x80, 0x80, 0x01], [0xFF, 0xFF, 0xFF, 0xFF, 0x08],
    ];

    /// <summary>A random token from the text tricks, names and namespaces, as UTF-8.</summary>
    public static byte[] TextToken(Random random) => (random.Next(3) switch
    {
        0 => XmlTricks[random.Next(XmlTricks.Length)],
        1 => SoapNames[random.Next(SoapNames.Length)],
        _ => Namespaces[random.Next(Namespaces.Length)],
    }) is var token ? Encoding.UTF8.GetBytes(token) : [];

    /// <summary>A 7-bit multi-byte integer ([MC-NMF] 2.2.2, [MC-NBFX] 2.1.2): a boundary value or a malformed one.</summary>
    public static byte[] MultiByteInt(Random random)
    {
        if (random.Next(4) == 0)
        {
            return BadMultiByteInts[random.Next(BadMultiByteInts.Length)];
        }

        var value = InterestingSizes[random.Next(InterestingSizes.Length)];
        return Encode(value);
    }

    /// <summary>The 7-bit multi-byte form of <paramref name="value"/>.</summary>
    public static byte[] Encode(int value)
    {
        var bytes = new List<byte>(5);
        var v = (uint)value;
        do
        {
            var b = (byte)(v & 0x7F);
            v >>= 7;
            bytes.Add(v != 0 ? (byte)(b | 0x80) : b);
        }
        while (v != 0);
        return [.. bytes];
    }
}
