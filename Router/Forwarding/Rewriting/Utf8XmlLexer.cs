using System.Buffers;
using System.Text;
using System.Xml;
using SoapRouter.Wire.Binary;

namespace SoapRouter.Forwarding.Rewriting;

/// <summary>
/// The lexical pieces of XML 1.0 over UTF-8 bytes: names, references, attribute values, character data, comments
/// and CDATA sections. Each reader starts at <c>pos</c>, checks what it consumes as strictly
/// as an XML reader would, and leaves <c>pos</c> just after it. Running out of input is <see cref="ToHeaderRewriteError.Malformed"/>.
/// </summary>
internal static class Utf8XmlLexer
{
    private const ToHeaderRewriteError Ok = ToHeaderRewriteError.None;
    private const ToHeaderRewriteError Malformed = ToHeaderRewriteError.Malformed;

    /// <summary>True for the four XML whitespace bytes.</summary>
    public static bool IsWhitespace(byte b) => b is (byte)' ' or (byte)'\t' or (byte)'\n' or (byte)'\r';

    /// <summary>Skips whitespace; returns how many bytes were skipped.</summary>
    public static int SkipWhitespace(ReadOnlySpan<byte> xml, ref int pos)
    {
        var start = pos;
        while (pos < xml.Length && IsWhitespace(xml[pos]))
        {
            pos++;
        }

        return pos - start;
    }

    /// <summary>True when the bytes at <paramref name="pos"/> start with <paramref name="literal"/>.</summary>
    public static bool At(ReadOnlySpan<byte> xml, int pos, ReadOnlySpan<byte> literal) =>
        pos <= xml.Length && xml[pos..].StartsWith(literal);

    /// <summary>Reads a QName (NCName, optionally prefixed by an NCName and a colon).</summary>
    public static ToHeaderRewriteError ReadQualifiedName(ReadOnlySpan<byte> xml, ref int pos, out QualifiedName name)
    {
        var start = pos;
        name = default;
        var error = ReadNcName(xml, ref pos);
        if (error != Ok)
        {
            return error;
        }

        var prefixLength = 0;
        if (pos < xml.Length && xml[pos] == (byte)':')
        {
            prefixLength = pos - start;
            pos++;
            error = ReadNcName(xml, ref pos);
            if (error != Ok)
            {
                return error;
            }
        }

        name = new QualifiedName(new ByteRange(start, pos - start), prefixLength);
        return Ok;
    }

    /// <summary>Reads a name without colons.</summary>
    public static ToHeaderRewriteError ReadNcName(ReadOnlySpan<byte> xml, ref int pos)
    {
        var start = pos;
        while (pos < xml.Length)
        {
            var b = xml[pos];
            if (b < 0x80)
            {
                var ok = pos == start ? IsAsciiNameStart(b) : IsAsciiNameStart(b) || b is (byte)'-' or (byte)'.' or (>= (byte)'0' and <= (byte)'9');
                if (!ok)
                {
                    break;
                }

                pos++;
                continue;
            }

            if (Rune.DecodeFromUtf8(xml[pos..], out var rune, out var consumed) != OperationStatus.Done)
            {
                return Malformed;
            }

            // Names outside the BMP are legal in XML 1.0 (5th edition) but readers disagree on them: refuse.
            if (!rune.IsBmp)
            {
                return ToHeaderRewriteError.Unsupported;
            }

            var c = (char)rune.Value;
            if (!(pos == start ? XmlConvert.IsStartNCNameChar(c) : XmlConvert.IsNCNameChar(c)))
            {
                break;
            }

            pos += consumed;
        }

        return pos > start ? Ok : Malformed;
    }

    /// <summary>Reads a quoted attribute value (either quote style) with its references checked.</summary>
    public static ToHeaderRewriteError ReadAttributeValue(ReadOnlySpan<byte> xml, ref int pos, out ByteRange value, out bool isLiteral)
    {
        value = default;
        isLiteral = false;
        if (pos >= xml.Length || xml[pos] is not ((byte)'"' or (byte)'\''))
        {
            return Malformed;
        }

        var quote = xml[pos];
        var start = pos + 1;
        var length = xml[start..].IndexOf(quote);
        if (length < 0)
        {
            return Malformed;
        }

        var text = xml.Slice(start, length);
        if (text.Contains((byte)'<'))
        {
            return Malformed;
        }

        var error = CheckTextWithReferences(text);
        if (error != Ok)
        {
            return error;
        }

        value = new ByteRange(start, length);
        isLiteral = text.IndexOfAny("&\t\n\r"u8) < 0;
        pos = start + length + 1;
        return Ok;
    }

    /// <summary>Reads character data up to the next '&lt;' (or the end of input).</summary>
    public static ToHeaderRewriteError ReadCharacterData(ReadOnlySpan<byte> xml, ref int pos)
    {
        var length = xml[pos..].IndexOf((byte)'<');
        if (length < 0)
        {
            length = xml.Length - pos;
        }

        var text = xml.Slice(pos, length);
        if (text.IndexOf("]]>"u8) >= 0)
        {
            return Malformed;
        }

        pos += length;
        return CheckTextWithReferences(text);
    }

    /// <summary>Reads a comment; <paramref name="pos"/> is on its "&lt;!--".</summary>
    public static ToHeaderRewriteError ReadComment(ReadOnlySpan<byte> xml, ref int pos)
    {
        var start = pos + 4;
        var length = start <= xml.Length ? xml[start..].IndexOf("--"u8) : -1;

        // "--" may only appear as the start of the closing "-->".
        if (length < 0 || !At(xml, start + length, "-->"u8))
        {
            return Malformed;
        }

        pos = start + length + 3;
        return IsXmlText(xml.Slice(start, length)) ? Ok : Malformed;
    }

    /// <summary>Reads a CDATA section; <paramref name="pos"/> is on its "&lt;![CDATA[".</summary>
    public static ToHeaderRewriteError ReadCData(ReadOnlySpan<byte> xml, ref int pos)
    {
        var start = pos + 9;
        var length = start <= xml.Length ? xml[start..].IndexOf("]]>"u8) : -1;
        if (length < 0)
        {
            return Malformed;
        }

        pos = start + length + 3;
        return IsXmlText(xml.Slice(start, length)) ? Ok : Malformed;
    }

    /// <summary>
    /// The outcome of a processing instruction at <paramref name="pos"/> (on its "&lt;?"): an XML declaration anywhere
    /// but the start is malformed; any other instruction is legal XML that WCF's text reader refuses, so unsupported.
    /// </summary>
    public static ToHeaderRewriteError ProcessingInstruction(ReadOnlySpan<byte> xml, int pos)
    {
        var target = pos + 5;
        var isDeclaration = At(xml, pos, "<?xml"u8) && (target == xml.Length || IsWhitespace(xml[target]) || xml[target] == (byte)'?');
        return isDeclaration ? Malformed : ToHeaderRewriteError.Unsupported;
    }

    /// <summary>True when every byte sequence is well-formed UTF-8 for a character XML 1.0 allows.</summary>
    public static bool IsXmlText(ReadOnlySpan<byte> text)
    {
        var i = 0;
        while (i < text.Length)
        {
            var b = text[i];
            if (b < 0x80)
            {
                if (b < 0x20 && !IsWhitespace(b))
                {
                    return false;
                }

                i++;
                continue;
            }

            if (Rune.DecodeFromUtf8(text[i..], out var rune, out var consumed) != OperationStatus.Done
                || rune.Value is 0xFFFE or 0xFFFF)
            {
                return false;
            }

            i += consumed;
        }

        return true;
    }

    private static ToHeaderRewriteError CheckTextWithReferences(ReadOnlySpan<byte> text)
    {
        while (true)
        {
            var amp = text.IndexOf((byte)'&');
            if (!IsXmlText(amp < 0 ? text : text[..amp]))
            {
                return Malformed;
            }

            if (amp < 0)
            {
                return Ok;
            }

            text = text[(amp + 1)..];
            var semicolon = text.IndexOf((byte)';');
            if (semicolon < 0 || !IsKnownReference(text[..semicolon]))
            {
                return Malformed;
            }

            text = text[(semicolon + 1)..];
        }
    }

    /// <summary>The five predefined entities (there is no DTD to define more) or a character reference to an XML character.</summary>
    private static bool IsKnownReference(ReadOnlySpan<byte> name)
    {
        if (name.SequenceEqual("lt"u8) || name.SequenceEqual("gt"u8) || name.SequenceEqual("amp"u8)
            || name.SequenceEqual("quot"u8) || name.SequenceEqual("apos"u8))
        {
            return true;
        }

        if (name.Length < 2 || name[0] != (byte)'#')
        {
            return false;
        }

        var hex = name[1] == (byte)'x';
        var digits = name[(hex ? 2 : 1)..];

        // Eight digits are enough for any code point; more would only risk overflow.
        if (digits.IsEmpty || digits.Length > 8)
        {
            return false;
        }

        var value = 0;
        foreach (var d in digits)
        {
            var digit = d switch
            {
                >= (byte)'0' and <= (byte)'9' => d - '0',
                >= (byte)'a' and <= (byte)'f' when hex => d - 'a' + 10,
                >= (byte)'A' and <= (byte)'F' when hex => d - 'A' + 10,
                _ => -1,
            };
            if (digit < 0)
            {
                return false;
            }

            value = (value * (hex ? 16 : 10)) + digit;
        }

        return value switch
        {
            '\t' or '\n' or '\r' => true,
            < 0x20 => false,
            >= 0xD800 and <= 0xDFFF => false,
            0xFFFE or 0xFFFF => false,
            _ => value <= 0x10FFFF,
        };
    }

    private static bool IsAsciiNameStart(byte b) =>
        b is (>= (byte)'a' and <= (byte)'z') or (>= (byte)'A' and <= (byte)'Z') or (byte)'_';
}
