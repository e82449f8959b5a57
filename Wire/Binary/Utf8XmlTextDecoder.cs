using System.Buffers;
using System.Text;
using System.Text.Unicode;

namespace SoapRouter.Wire.Binary;

/// <summary>
/// Character data and attribute values of UTF-8 XML as WCF's text reader reads them: checked in vectorized passes
/// (well-formed UTF-8, XML Chars only, no "]]&gt;" in content, only references <see cref="XmlCharacterReference"/>
/// reads), then copied or decoded into the UTF-8 a binary text record carries: references replaced, and in content
/// CR LF and a lone CR read as LF (XML 1.0 §2.11).
/// Raw TAB, CR and LF in attribute values are refused rather than normalized (§3.3.3): a WCF client escapes them.
/// </summary>
internal static class Utf8XmlTextDecoder
{
    // Bytes a check stops at: C0 controls (TAB and LF too in attribute values), the reference start, CR, the ']' of
    // "]]>" (content only), the lead byte of U+FFFE and U+FFFF, and '<' (never in an attribute value; content ends there).
    private static readonly SearchValues<byte> s_contentStops = SearchValues.Create(
        [0, 1, 2, 3, 4, 5, 6, 7, 8, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, (byte)'&', (byte)']', 0xEF]);

    private static readonly SearchValues<byte> s_attributeStops = SearchValues.Create(
        [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, (byte)'&', (byte)'<', 0xEF]);

    private static readonly SearchValues<byte> s_decodeStops = SearchValues.Create("&\r"u8);

    /// <summary>
    /// Checks character data (the bytes between markup); <paramref name="decodedLength"/> is the length of the text it
    /// reads as. Returns the problem, or null.
    /// </summary>
    public static string? CheckContent(ReadOnlySpan<byte> text, out int decodedLength) => Check(text, s_contentStops, out decodedLength);

    /// <summary>Checks an attribute value (between its quotes) as <see cref="CheckContent"/> checks character data.</summary>
    public static string? CheckAttributeValue(ReadOnlySpan<byte> value, out int decodedLength) => Check(value, s_attributeStops, out decodedLength);

    /// <summary>
    /// Checks the text of a comment or CDATA section: well-formed UTF-8 of XML Chars, read as written (no references).
    /// A CR is refused: WCF's reader drops the CR of a CR LF in CDATA, and the rare sections that have one are left to it.
    /// Returns the problem, or null.
    /// </summary>
    public static string? CheckLiteral(ReadOnlySpan<byte> text)
    {
        if (!Utf8.IsValid(text))
        {
            return "invalid UTF-8";
        }

        var at = 0;
        int stop;
        while ((stop = text[at..].IndexOfAny(s_contentStops)) >= 0)
        {
            at += stop;
            if (text[at] == '\r')
            {
                return "a CR in a comment or CDATA section (WCF's reader normalizes some of them)";
            }

            if (text[at] < 0x20 || (text[at] == 0xEF && IsNonCharacter(text[at..])))
            {
                return "a character XML does not allow";
            }

            at++;
        }

        return null;
    }

    /// <summary>
    /// Writes the text checked <paramref name="text"/> reads as into <paramref name="output"/> (exactly its decoded
    /// length long): references replaced, CR LF and CR as LF.
    /// </summary>
    public static void Decode(ReadOnlySpan<byte> text, Span<byte> output)
    {
        int stop;
        while ((stop = text.IndexOfAny(s_decodeStops)) >= 0)
        {
            text[..stop].CopyTo(output);
            output = output[stop..];
            if (text[stop] == '\r')
            {
                output[0] = (byte)'\n';
                output = output[1..];
                text = text[(stop + (stop + 1 < text.Length && text[stop + 1] == '\n' ? 2 : 1))..];
                continue;
            }

            XmlCharacterReference.TryRead(text[stop..], out var length, out var codePoint);
            output = output[new Rune(codePoint).EncodeToUtf8(output)..];
            text = text[(stop + length)..];
        }

        text.CopyTo(output);
    }

    private static string? Check(ReadOnlySpan<byte> text, SearchValues<byte> stops, out int decodedLength)
    {
        decodedLength = text.Length;
        var at = 0;
        int stop;
        while ((stop = text[at..].IndexOfAny(stops)) >= 0)
        {
            at += stop;
            var b = text[at];
            switch (b)
            {
                case (byte)'&':
                    if (!XmlCharacterReference.TryRead(text[at..], out var length, out var codePoint))
                    {
                        return "an entity or character reference WCF's reader does not take";
                    }

                    decodedLength += new Rune(codePoint).Utf8SequenceLength - length;
                    at += length;
                    continue;
                case (byte)'\r' when stops == s_contentStops:
                    decodedLength -= at + 1 < text.Length && text[at + 1] == '\n' ? 1 : 0;
                    break;
                case (byte)']':
                    if (text[at..].StartsWith("]]>"u8))
                    {
                        return "\"]]>\" in character data";
                    }

                    break;
                case 0xEF:
                    if (IsNonCharacter(text[at..]))
                    {
                        return "U+FFFE or U+FFFF";
                    }

                    break;
                case (byte)'<':
                    return "'<' in an attribute value";
                default:
                    return b is (byte)'\t' or (byte)'\n' or (byte)'\r'
                        ? "a raw TAB, CR or LF in an attribute value (normalized by readers)"
                        : "a control character XML does not allow";
            }

            at++;
        }

        // Checked last: the stops above are all ASCII or lead bytes, so a malformed sequence cannot hide one of them.
        return Utf8.IsValid(text) ? null : "invalid UTF-8";
    }

    /// <summary>True when <paramref name="text"/> (starting at a 0xEF lead byte) encodes U+FFFE or U+FFFF.</summary>
    private static bool IsNonCharacter(ReadOnlySpan<byte> text) =>
        text.Length >= 3 && text[1] == 0xBF && text[2] is 0xBE or 0xBF;
}
