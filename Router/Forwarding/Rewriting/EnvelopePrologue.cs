using System.Text;
using static SoapRouter.Forwarding.Rewriting.Utf8XmlLexer;

namespace SoapRouter.Forwarding.Rewriting;

/// <summary>
/// Reads what may come before the root element: a UTF-8 byte order mark, the XML declaration, whitespace and
/// comments. Other encodings are refused as unsupported because the splice is done on UTF-8; so are DTDs and
/// processing instructions, which the router's (WCF) text reader refuses anywhere in a message.
/// </summary>
internal static class EnvelopePrologue
{
    private const ToHeaderRewriteError Ok = ToHeaderRewriteError.None;
    private const ToHeaderRewriteError Malformed = ToHeaderRewriteError.Malformed;
    private const ToHeaderRewriteError Unsupported = ToHeaderRewriteError.Unsupported;

    /// <summary>Reads from the start of <paramref name="xml"/>; on success <paramref name="pos"/> is on the root's '&lt;'.</summary>
    public static ToHeaderRewriteError Read(ReadOnlySpan<byte> xml, ref int pos)
    {
        pos = 0;
        if (xml.StartsWith("\uFEFF"u8))
        {
            pos = 3;
        }
        else if (xml.StartsWith((ReadOnlySpan<byte>)[0xFE, 0xFF]) || xml.StartsWith((ReadOnlySpan<byte>)[0xFF, 0xFE]))
        {
            return Unsupported;
        }

        if (At(xml, pos, "<?xml"u8) && pos + 5 < xml.Length && IsWhitespace(xml[pos + 5]))
        {
            pos += 5;
            var error = ReadDeclaration(xml, ref pos);
            if (error != Ok)
            {
                return error;
            }
        }

        while (true)
        {
            SkipWhitespace(xml, ref pos);
            ToHeaderRewriteError error;
            if (At(xml, pos, "<!--"u8))
            {
                error = ReadComment(xml, ref pos);
            }
            else if (At(xml, pos, "<?"u8))
            {
                error = ProcessingInstruction(xml, pos);
            }
            else if (At(xml, pos, "<!DOCTYPE"u8))
            {
                error = Unsupported;
            }
            else if (At(xml, pos, "<"u8) && !At(xml, pos, "<!"u8))
            {
                return Ok;
            }
            else
            {
                // Text before the root, a stray "<!", or the end of the input.
                error = Malformed;
            }

            if (error != Ok)
            {
                return error;
            }
        }
    }

    /// <summary>Reads the declaration's pseudo-attributes after "&lt;?xml", in their fixed order, and its "?&gt;".</summary>
    private static ToHeaderRewriteError ReadDeclaration(ReadOnlySpan<byte> xml, ref int pos)
    {
        SkipWhitespace(xml, ref pos);
        var error = ReadPseudoAttribute(xml, ref pos, "version"u8, out var version);
        if (error != Ok)
        {
            return error;
        }

        if (!version.SequenceEqual("1.0"u8))
        {
            return Unsupported;
        }

        var spaced = SkipWhitespace(xml, ref pos) > 0;
        if (spaced && At(xml, pos, "encoding"u8))
        {
            error = ReadPseudoAttribute(xml, ref pos, "encoding"u8, out var encoding);
            if (error != Ok)
            {
                return error;
            }

            if (!Ascii.EqualsIgnoreCase(encoding, "utf-8"u8))
            {
                return Unsupported;
            }

            spaced = SkipWhitespace(xml, ref pos) > 0;
        }

        if (spaced && At(xml, pos, "standalone"u8))
        {
            error = ReadPseudoAttribute(xml, ref pos, "standalone"u8, out var standalone);
            if (error != Ok)
            {
                return error;
            }

            if (!standalone.SequenceEqual("yes"u8) && !standalone.SequenceEqual("no"u8))
            {
                return Malformed;
            }

            SkipWhitespace(xml, ref pos);
        }

        if (!At(xml, pos, "?>"u8))
        {
            return Malformed;
        }

        pos += 2;
        return Ok;
    }

    private static ToHeaderRewriteError ReadPseudoAttribute(
        ReadOnlySpan<byte> xml,
        ref int pos,
        ReadOnlySpan<byte> name,
        out ReadOnlySpan<byte> value)
    {
        value = default;
        if (!At(xml, pos, name))
        {
            return Malformed;
        }

        pos += name.Length;
        SkipWhitespace(xml, ref pos);
        if (!At(xml, pos, "="u8))
        {
            return Malformed;
        }

        pos++;
        SkipWhitespace(xml, ref pos);
        if (pos >= xml.Length || xml[pos] is not ((byte)'"' or (byte)'\''))
        {
            return Malformed;
        }

        var quote = xml[pos];
        var length = xml[(pos + 1)..].IndexOf(quote);
        if (length < 0)
        {
            return Malformed;
        }

        value = xml.Slice(pos + 1, length);
        pos += length + 2;
        return Ok;
    }
}
