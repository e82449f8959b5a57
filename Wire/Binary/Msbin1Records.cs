namespace SoapRouter.Wire.Binary;

/// <summary>
/// Record types of the .NET Binary Format: XML ([MC-NBFX] 2.2) and the static dictionary ids ([MC-NBFS]) the To splice
/// (and the response cache's RelatesTo and MessageID splices) need. Text records come in pairs: the even type is plain, the odd one also ends the enclosing element.
/// </summary>
public static class Msbin1Records
{
    public const byte EndElement = 0x01;
    public const byte Comment = 0x02;
    public const byte Array = 0x03;
    public const byte FirstAttribute = 0x04;
    public const byte LastAttribute = 0x3F;
    public const byte FirstElement = 0x40;
    public const byte LastElement = 0x77;
    public const byte FirstText = 0x80;
    public const byte LastText = 0xBD;
    public const byte Chars8TextWithEndElement = 0x99;
    public const byte Chars16TextWithEndElement = 0x9B;
    public const byte Chars32TextWithEndElement = 0x9D;
    public const byte StartListText = 0xA4;
    public const byte EndListText = 0xA6;

    // [MC-NBFS] static dictionary ids.
    public const int EnvelopeId = 0x02;
    public const int Addressing10Id = 0x06;
    public const int HeaderId = 0x08;
    public const int ToId = 0x0C;
    public const int BodyId = 0x0E;
    public const int RelatesToId = 0x12;
    public const int MessageIdId = 0x1A;
    public const int AddressId = 0x2A;
    public const int ReplyToId = 0x2C;
    public const int Addressing200408Id = 0xD2;
    public const int Anonymous200408Id = 0xD4;

    public static ReadOnlySpan<byte> EnvelopeText => "Envelope"u8;

    public static ReadOnlySpan<byte> HeaderText => "Header"u8;

    public static ReadOnlySpan<byte> BodyText => "Body"u8;

    public static ReadOnlySpan<byte> ToText => "To"u8;

    public static ReadOnlySpan<byte> RelatesToText => "RelatesTo"u8;

    public static ReadOnlySpan<byte> MessageIdText => "MessageID"u8;

    public static ReadOnlySpan<byte> AddressText => "Address"u8;

    public static ReadOnlySpan<byte> ReplyToText => "ReplyTo"u8;

    public static ReadOnlySpan<byte> Addressing10Text => "http://www.w3.org/2005/08/addressing"u8;

    public static ReadOnlySpan<byte> Addressing200408Text => "http://schemas.xmlsoap.org/ws/2004/08/addressing"u8;

    /// <summary>True for the element start records.</summary>
    public static bool IsElement(int record) => record is >= FirstElement and <= LastElement;

    /// <summary>True for the attribute records (namespace declarations included).</summary>
    public static bool IsAttribute(int record) => record is >= FirstAttribute and <= LastAttribute;

    /// <summary>True for the text records.</summary>
    public static bool IsText(int record) => record is >= FirstText and <= LastText;

    /// <summary>
    /// The fixed payload size of text record <paramref name="record"/> after its type byte: bytes of a fixed value, or
    /// the negated size of its length prefix (-1, -2, -4 for the Chars/Bytes/UnicodeChars records), or
    /// <see cref="int.MinValue"/> for records with other layouts (dictionary text, lists) and unknown types.
    /// </summary>
    public static int TextPayload(int record) => (record & 0xFE) switch
    {
        0x80 or 0x82 or 0x84 or 0x86 or 0xA8 => 0,
        0x88 or 0xB4 => 1,
        0x8A => 2,
        0x8C or 0x90 => 4,
        0x8E or 0x92 or 0x96 or 0xAE or 0xB2 => 8,
        0x94 or 0xAC or 0xB0 => 16,
        0x98 or 0x9E or 0xB6 => -1,
        0x9A or 0xA0 or 0xB8 => -2,
        0x9C or 0xA2 or 0xBA => -4,
        _ => int.MinValue,
    };
}
