namespace SoapRouter.Wire.Binary;

/// <summary>
/// The references XML 1.0 allows without a DTD (§4.1, §4.6): the five predefined entities and character references to
/// an XML Char, read from UTF-8 bytes. Anything else (another entity, an uppercase 'X', a Char outside §2.2, more than
/// eight digits) is not a reference this reads.
/// </summary>
internal static class XmlCharacterReference
{
    /// <summary>The longest reference read: "&amp;#x" and eight hex digits and ';'.</summary>
    public const int MaxLength = 12;

    /// <summary>
    /// Reads the reference at the start of <paramref name="text"/> (on its '&amp;'): its <paramref name="length"/> in
    /// bytes up to and with the ';', and the <paramref name="codePoint"/> it stands for. False when it is not one.
    /// </summary>
    public static bool TryRead(ReadOnlySpan<byte> text, out int length, out int codePoint)
    {
        codePoint = 0;
        length = text[..Math.Min(text.Length, MaxLength)].IndexOf((byte)';') + 1;
        if (length < 3)
        {
            return false;
        }

        var name = text[1..(length - 1)];
        codePoint = name switch
        {
            _ when name.SequenceEqual("lt"u8) => '<',
            _ when name.SequenceEqual("gt"u8) => '>',
            _ when name.SequenceEqual("amp"u8) => '&',
            _ when name.SequenceEqual("quot"u8) => '"',
            _ when name.SequenceEqual("apos"u8) => '\'',
            [(byte)'#', (byte)'x', .. var hex] => Number(hex, 16),
            [(byte)'#', .. var digits] => Number(digits, 10),
            _ => -1,
        };
        return IsXmlChar(codePoint);
    }

    /// <summary>True for a Char of XML 1.0 §2.2: TAB, LF, CR, and U+0020 up, surrogates and U+FFFE/U+FFFF excepted.</summary>
    public static bool IsXmlChar(int codePoint) => codePoint switch
    {
        '\t' or '\n' or '\r' => true,
        < 0x20 => false,
        >= 0xD800 and <= 0xDFFF => false,
        0xFFFE or 0xFFFF => false,
        _ => codePoint <= 0x10FFFF,
    };

    /// <summary>The value of <paramref name="digits"/> in <paramref name="radix"/> (10 or 16), or -1 when it is not a number.</summary>
    private static int Number(ReadOnlySpan<byte> digits, int radix)
    {
        if (digits.IsEmpty)
        {
            return -1;
        }

        var value = 0;
        foreach (var d in digits)
        {
            var digit = d switch
            {
                >= (byte)'0' and <= (byte)'9' => d - '0',
                >= (byte)'a' and <= (byte)'f' when radix == 16 => d - 'a' + 10,
                >= (byte)'A' and <= (byte)'F' when radix == 16 => d - 'A' + 10,
                _ => -1,
            };
            if (digit < 0)
            {
                return -1;
            }

            // At most eight hex or ten decimal digits reach here (MaxLength); a value past U+10FFFF fails IsXmlChar.
            value = (int)Math.Min(((long)value * radix) + digit, int.MaxValue);
        }

        return value;
    }
}
