using System.Buffers;
using System.Text;
using System.Text.Unicode;
using System.Xml;

namespace SoapRouter.Wire.Binary;

/// <summary>
/// UTF-8 text as XML 1.0 text must carry it so that WCF's text reader (XmlUTF8TextReader) reports exactly the
/// characters given: markup characters and the whitespace its line-end and attribute-value normalization would change
/// become character references; characters XML cannot carry (C0 controls other than TAB, LF and CR, U+FFFE, U+FFFF,
/// lone surrogates) and bytes that are not UTF-8 are refused. Also the checks for names and comments.
/// </summary>
internal static class Utf8XmlTextEscaper
{
    /// <summary>Why text was refused: not UTF-8 (lone surrogates included).</summary>
    public const string NotUtf8 = "text is not valid UTF-8";

    /// <summary>Why text was refused: a character XML 1.0 cannot carry.</summary>
    public const string NotXmlCharacter = "text holds a character XML 1.0 cannot carry";

    /// <summary>
    /// In element content: &amp; &lt; &gt;, CR (the text reader turns it into LF), the C0 controls XML refuses, and the
    /// lead byte of U+FFFE/U+FFFF (EF, checked further where found).
    /// </summary>
    private static readonly SearchValues<byte> ContentSpecials = SearchValues.Create(Specials(attribute: false));

    /// <summary>In attribute values, also " and TAB and LF (the text reader turns those into spaces).</summary>
    private static readonly SearchValues<byte> AttributeSpecials = SearchValues.Create(Specials(attribute: true));

    /// <summary>ASCII characters that may follow the first of an NCName.</summary>
    private static readonly SearchValues<byte> NameAscii =
        SearchValues.Create("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-"u8);

    /// <summary>
    /// Writes <paramref name="text"/> escaped for element content (or, <paramref name="attribute"/>, a double-quoted
    /// attribute value); null, or the problem: refused text, or <paramref name="tooLong"/> when the output is full.
    /// </summary>
    public static string? TryWrite(ReadOnlySpan<byte> text, bool attribute, ref TranslationOutput output, string tooLong)
    {
        if (!Utf8.IsValid(text))
        {
            return NotUtf8;
        }

        var specials = attribute ? AttributeSpecials : ContentSpecials;
        while (true)
        {
            var next = text.IndexOfAny(specials);
            if (next < 0)
            {
                return output.TryWrite(text) ? null : tooLong;
            }

            if (!output.TryWrite(text[..next]))
            {
                return tooLong;
            }

            var special = text[next];
            var reference = special switch
            {
                (byte)'&' => "&amp;"u8,
                (byte)'<' => "&lt;"u8,
                (byte)'>' => "&gt;"u8,
                (byte)'"' => "&quot;"u8,
                (byte)'\t' => "&#x9;"u8,
                (byte)'\n' => "&#xA;"u8,
                (byte)'\r' => "&#xD;"u8,
                _ => default,
            };
            if (special == 0xEF)
            {
                // Valid UTF-8, so two continuation bytes follow: EF BF BE and EF BF BF are U+FFFE and U+FFFF.
                if (text[next + 1] == 0xBF && text[next + 2] >= 0xBE)
                {
                    return NotXmlCharacter;
                }

                reference = text.Slice(next, 1);
            }
            else if (reference.IsEmpty)
            {
                return NotXmlCharacter;
            }

            if (!output.TryWrite(reference))
            {
                return tooLong;
            }

            text = text[(next + 1)..];
        }
    }

    /// <summary>
    /// True when <paramref name="comment"/> can stand in &lt;!--...--&gt; and be read back as it is: UTF-8 of XML
    /// characters, no CR (a comment has no character references), no "--", not ending in "-".
    /// </summary>
    public static bool IsCommentText(ReadOnlySpan<byte> comment)
    {
        if (!Utf8.IsValid(comment) || comment.IndexOf("--"u8) >= 0 || (!comment.IsEmpty && comment[^1] == (byte)'-'))
        {
            return false;
        }

        foreach (var b in comment)
        {
            if (b < 0x20 && b is not (byte)'\t' and not (byte)'\n')
            {
                return false;
            }
        }

        return comment.IndexOf("\uFFFE"u8) < 0 && comment.IndexOf("\uFFFF"u8) < 0;
    }

    /// <summary>True when <paramref name="name"/> is UTF-8 of an XML NCName (characters of the Basic Multilingual Plane only).</summary>
    public static bool IsNCName(ReadOnlySpan<byte> name)
    {
        if (name.IsEmpty)
        {
            return false;
        }

        var first = name[0];
        if (first < 0x80)
        {
            if (!char.IsAsciiLetter((char)first) && first != (byte)'_')
            {
                return false;
            }

            var rest = name[1..].IndexOfAnyExcept(NameAscii);
            if (rest < 0)
            {
                return true;
            }
        }

        return IsNonAsciiNCName(name);
    }

    private static bool IsNonAsciiNCName(ReadOnlySpan<byte> name)
    {
        var start = true;
        while (!name.IsEmpty)
        {
            if (Rune.DecodeFromUtf8(name, out var rune, out var consumed) != OperationStatus.Done || !rune.IsBmp)
            {
                return false;
            }

            var c = (char)rune.Value;
            if (start ? !XmlConvert.IsStartNCNameChar(c) : !XmlConvert.IsNCNameChar(c))
            {
                return false;
            }

            start = false;
            name = name[consumed..];
        }

        return true;
    }

    private static byte[] Specials(bool attribute)
    {
        var specials = new List<byte> { (byte)'&', (byte)'<', (byte)'>', (byte)'\r', 0xEF };
        for (byte b = 0; b < 0x20; b++)
        {
            if (b is not (byte)'\t' and not (byte)'\n' and not (byte)'\r')
            {
                specials.Add(b);
            }
        }

        if (attribute)
        {
            specials.AddRange([(byte)'"', (byte)'\t', (byte)'\n']);
        }

        return [.. specials];
    }
}
