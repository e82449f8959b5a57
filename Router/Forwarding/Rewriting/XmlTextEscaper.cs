using System.Diagnostics.CodeAnalysis;
using System.Text;

namespace SoapRouter.Forwarding.Rewriting;

/// <summary>
/// Writes a string as XML element text in UTF-8, escaping '&amp;', '&lt;' and '&gt;' and writing CR as a character
/// reference so that line-end normalization cannot turn it into LF. Works rune by rune, so it needs no scratch string.
/// </summary>
internal static class XmlTextEscaper
{
    /// <summary>
    /// The escaped UTF-8 length of <paramref name="text"/>. Throws when the text holds a character XML cannot carry
    /// (a control character, a lone surrogate, U+FFFE/U+FFFF): that is a configuration error, not a message's fault.
    /// </summary>
    public static int GetEscapedLength(string text)
    {
        var length = 0;
        var rest = text.AsSpan();
        while (!rest.IsEmpty)
        {
            var rune = NextRune(ref rest);
            length += Escape(rune) is { Length: > 0 } escaped ? escaped.Length : rune.Utf8SequenceLength;
        }

        return length;
    }

    /// <summary>True when <paramref name="utf8"/> is exactly the escaped form of <paramref name="text"/>.</summary>
    public static bool EqualsEscaped(ReadOnlySpan<byte> utf8, string text)
    {
        Span<byte> encoded = stackalloc byte[4];
        var rest = text.AsSpan();
        while (!rest.IsEmpty)
        {
            var rune = NextRune(ref rest);
            scoped ReadOnlySpan<byte> expected = Escape(rune);
            if (expected.IsEmpty)
            {
                expected = encoded[..rune.EncodeToUtf8(encoded)];
            }

            if (!utf8.StartsWith(expected))
            {
                return false;
            }

            utf8 = utf8[expected.Length..];
        }

        return utf8.IsEmpty;
    }

    /// <summary>Writes the escaped form of <paramref name="text"/>; returns the bytes written.</summary>
    public static int Write(string text, Span<byte> destination)
    {
        var written = 0;
        var rest = text.AsSpan();
        while (!rest.IsEmpty)
        {
            var rune = NextRune(ref rest);
            var escaped = Escape(rune);
            if (escaped.IsEmpty)
            {
                written += rune.EncodeToUtf8(destination[written..]);
            }
            else
            {
                escaped.CopyTo(destination[written..]);
                written += escaped.Length;
            }
        }

        return written;
    }

    private static ReadOnlySpan<byte> Escape(Rune rune) => rune.Value switch
    {
        '&' => "&amp;"u8,
        '<' => "&lt;"u8,
        '>' => "&gt;"u8,
        '\r' => "&#xD;"u8,
        _ => default,
    };

    private static Rune NextRune(ref ReadOnlySpan<char> rest)
    {
        if (Rune.DecodeFromUtf16(rest, out var rune, out var consumed) != System.Buffers.OperationStatus.Done
            || !IsXmlChar(rune.Value))
        {
            ThrowNotXmlText();
        }

        rest = rest[consumed..];
        return rune;
    }

    private static bool IsXmlChar(int value) =>
        value >= 0x20 ? value is not (0xFFFE or 0xFFFF) : value is '\t' or '\n' or '\r';

    [DoesNotReturn]
    private static void ThrowNotXmlText() =>
        throw new ArgumentException("The address holds a character that XML text cannot carry.", "newAddress");
}
