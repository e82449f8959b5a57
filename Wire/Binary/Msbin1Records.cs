using System.Buffers.Binary;

namespace SoapRouter.Wire.Binary;

/// <summary>
/// Record types of the .NET Binary Format: XML ([MC-NBFX] 2.2), the layouts of their payloads, and the static
/// dictionary ids ([MC-NBFS]) the To splice (and the response cache's RelatesTo and MessageID splices) need. Text records
/// come in pairs: the even type is plain, the odd one also ends the enclosing element.
/// </summary>
public static class Msbin1Records
{
    /// <summary>Ends the open element.</summary>
    public const byte EndElement = 0x01;

    /// <summary>A comment: one string.</summary>
    public const byte Comment = 0x02;

    /// <summary>An array: one element (with its attributes), EndElement, a value type, a count, then the values.</summary>
    public const byte Array = 0x03;

    /// <summary>The first attribute record type.</summary>
    public const byte FirstAttribute = 0x04;

    /// <summary>An attribute with no prefix: its name as a string, then its value.</summary>
    public const byte ShortAttribute = 0x04;

    /// <summary>An attribute: its prefix and name as strings, then its value.</summary>
    public const byte Attribute = 0x05;

    /// <summary>An attribute with no prefix: its name as a dictionary id, then its value.</summary>
    public const byte ShortDictionaryAttribute = 0x06;

    /// <summary>An attribute: its prefix as a string, its name as a dictionary id, then its value.</summary>
    public const byte DictionaryAttribute = 0x07;

    /// <summary>A default namespace declaration: the namespace as a string.</summary>
    public const byte ShortXmlnsAttribute = 0x08;

    /// <summary>A namespace declaration: the prefix and the namespace as strings.</summary>
    public const byte XmlnsAttribute = 0x09;

    /// <summary>A default namespace declaration: the namespace as a dictionary id.</summary>
    public const byte ShortDictionaryXmlnsAttribute = 0x0A;

    /// <summary>A namespace declaration: the prefix as a string, the namespace as a dictionary id.</summary>
    public const byte DictionaryXmlnsAttribute = 0x0B;

    /// <summary>An attribute with prefix a (b..z follow): its name as a dictionary id, then its value.</summary>
    public const byte PrefixDictionaryAttributeA = 0x0C;

    /// <summary>An attribute with prefix a (b..z follow): its name as a string, then its value.</summary>
    public const byte PrefixAttributeA = 0x26;

    /// <summary>The last attribute record type.</summary>
    public const byte LastAttribute = 0x3F;

    /// <summary>The first element record type.</summary>
    public const byte FirstElement = 0x40;

    /// <summary>An element with no prefix: its name as a string.</summary>
    public const byte ShortElement = 0x40;

    /// <summary>An element: its prefix and name as strings.</summary>
    public const byte Element = 0x41;

    /// <summary>An element with no prefix: its name as a dictionary id.</summary>
    public const byte ShortDictionaryElement = 0x42;

    /// <summary>An element: its prefix as a string, its name as a dictionary id.</summary>
    public const byte DictionaryElement = 0x43;

    /// <summary>An element with prefix a (b..z follow): its name as a dictionary id.</summary>
    public const byte PrefixDictionaryElementA = 0x44;

    /// <summary>An element with prefix a (b..z follow): its name as a string.</summary>
    public const byte PrefixElementA = 0x5E;

    /// <summary>The last element record type.</summary>
    public const byte LastElement = 0x77;

    /// <summary>A UniqueId text record: 16 bytes of a GUID, read as "urn:uuid:..." (a WCF MessageID or RelatesTo).</summary>
    public const byte UniqueIdText = 0xAC;

    /// <summary><see cref="UniqueIdText"/> that also ends its element.</summary>
    public const byte UniqueIdTextWithEndElement = 0xAD;

    /// <summary>The first text record type.</summary>
    public const byte FirstText = 0x80;

    /// <summary>The last text record type.</summary>
    public const byte LastText = 0xBD;

    /// <summary>Empty text (an attribute's value "").</summary>
    public const byte EmptyText = 0xA8;

    /// <summary>UTF-8 text with a one-byte length.</summary>
    public const byte Chars8Text = 0x98;

    /// <summary><see cref="Chars8Text"/> that also ends its element.</summary>
    public const byte Chars8TextWithEndElement = 0x99;

    /// <summary>UTF-8 text with a two-byte little-endian length.</summary>
    public const byte Chars16Text = 0x9A;

    /// <summary><see cref="Chars16Text"/> that also ends its element.</summary>
    public const byte Chars16TextWithEndElement = 0x9B;

    /// <summary>UTF-8 text with a four-byte little-endian length (never negative).</summary>
    public const byte Chars32Text = 0x9C;

    /// <summary><see cref="Chars32Text"/> that also ends its element.</summary>
    public const byte Chars32TextWithEndElement = 0x9D;

    /// <summary>Starts a list of text records (a space-separated value), ended by <see cref="EndListText"/>.</summary>
    public const byte StartListText = 0xA4;

    /// <summary>Ends a list started by <see cref="StartListText"/>.</summary>
    public const byte EndListText = 0xA6;

    /// <summary>Text that is a dictionary string: its id.</summary>
    public const byte DictionaryText = 0xAA;

    /// <summary><see cref="DictionaryText"/> that also ends its element.</summary>
    public const byte DictionaryTextWithEndElement = 0xAB;

    /// <summary>A qualified name: a prefix letter (0 = a .. 25 = z), then the local name as a dictionary id.</summary>
    public const byte QNameDictionaryText = 0xBC;

    /// <summary><see cref="QNameDictionaryText"/> that also ends its element.</summary>
    public const byte QNameDictionaryTextWithEndElement = 0xBD;

    /// <summary>How many single-letter prefixes (a..z) the Prefix* records and the QName text name.</summary>
    public const int PrefixLetters = 26;

    // [MC-NBFS] static dictionary ids.

    /// <summary>Static dictionary id of "Envelope".</summary>
    public const int EnvelopeId = 0x02;

    /// <summary>Static dictionary id of the SOAP 1.2 envelope namespace.</summary>
    public const int Soap12Id = 0x04;

    /// <summary>Static dictionary id of the WS-Addressing 1.0 namespace.</summary>
    public const int Addressing10Id = 0x06;

    /// <summary>Static dictionary id of "Header".</summary>
    public const int HeaderId = 0x08;

    /// <summary>Static dictionary id of "To".</summary>
    public const int ToId = 0x0C;

    /// <summary>Static dictionary id of "Body".</summary>
    public const int BodyId = 0x0E;

    /// <summary>Static dictionary id of "RelatesTo".</summary>
    public const int RelatesToId = 0x12;

    /// <summary>Static dictionary id of "MessageID".</summary>
    public const int MessageIdId = 0x1A;

    /// <summary>Static dictionary id of "Address".</summary>
    public const int AddressId = 0x2A;

    /// <summary>Static dictionary id of "ReplyTo".</summary>
    public const int ReplyToId = 0x2C;

    /// <summary>Static dictionary id of the WS-Addressing August 2004 namespace.</summary>
    public const int Addressing200408Id = 0xD2;

    /// <summary>Static dictionary id of the WS-Addressing August 2004 anonymous address.</summary>
    public const int Anonymous200408Id = 0xD4;

    /// <summary>"Envelope" in UTF-8.</summary>
    public static ReadOnlySpan<byte> EnvelopeText => "Envelope"u8;

    /// <summary>"Header" in UTF-8.</summary>
    public static ReadOnlySpan<byte> HeaderText => "Header"u8;

    /// <summary>"Body" in UTF-8.</summary>
    public static ReadOnlySpan<byte> BodyText => "Body"u8;

    /// <summary>"To" in UTF-8.</summary>
    public static ReadOnlySpan<byte> ToText => "To"u8;

    /// <summary>"RelatesTo" in UTF-8.</summary>
    public static ReadOnlySpan<byte> RelatesToText => "RelatesTo"u8;

    /// <summary>"MessageID" in UTF-8.</summary>
    public static ReadOnlySpan<byte> MessageIdText => "MessageID"u8;

    /// <summary>"Address" in UTF-8.</summary>
    public static ReadOnlySpan<byte> AddressText => "Address"u8;

    /// <summary>"ReplyTo" in UTF-8.</summary>
    public static ReadOnlySpan<byte> ReplyToText => "ReplyTo"u8;

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

    /// <summary>
    /// The size of one value of an Array record whose values are <paramref name="record"/>, or 0 when WCF's reader
    /// refuses that type in an array: only the fixed-size WithEndElement records of bool, Int16/32/64, float, double,
    /// decimal, DateTime, TimeSpan and Guid ([MC-NBFX] 2.2.3.31; UniqueId is not among them).
    /// </summary>
    public static int ArrayValueSize(int record) => record switch
    {
        0xB5 => 1,
        0x8B => 2,
        0x8D or 0x91 => 4,
        0x8F or 0x93 or 0x97 or 0xAF => 8,
        0x95 or 0xB1 => 16,
        _ => 0,
    };

    /// <summary>The bytes of the Chars text record (type and length) in front of <paramref name="utf8Length"/> bytes of text.</summary>
    public static int CharsHeadLength(int utf8Length) =>
        utf8Length <= byte.MaxValue ? 2 : utf8Length <= ushort.MaxValue ? 3 : 5;

    /// <summary>
    /// Writes the head of the smallest Chars text record (Chars8, Chars16 or Chars32; <paramref name="withEndElement"/>:
    /// the form that also ends its element) for <paramref name="utf8Length"/> bytes of text; returns the bytes written
    /// (<see cref="CharsHeadLength"/>). The text goes right after it.
    /// </summary>
    public static int WriteCharsHead(Span<byte> output, int utf8Length, bool withEndElement)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(utf8Length);
        var end = withEndElement ? 1 : 0;
        if (utf8Length <= byte.MaxValue)
        {
            output[0] = (byte)(Chars8Text + end);
            output[1] = (byte)utf8Length;
            return 2;
        }

        if (utf8Length <= ushort.MaxValue)
        {
            output[0] = (byte)(Chars16Text + end);
            BinaryPrimitives.WriteUInt16LittleEndian(output[1..], (ushort)utf8Length);
            return 3;
        }

        output[0] = (byte)(Chars32Text + end);
        BinaryPrimitives.WriteInt32LittleEndian(output[1..], utf8Length);
        return 5;
    }
}
