using SoapRouter.Wire.Framing;
using static SoapRouter.Wire.Binary.Msbin1Records;

namespace SoapRouter.Wire.Binary;

/// <summary>
/// One pass over a UTF-8 XML document with the grammar WCF's text reader reads it by, writing each node as the msbin1
/// record WCF's binary reader reads as the same node: start tags as element and attribute records (prefixes and
/// declarations as written), character data, CDATA and whitespace as Chars text records, comments as Comment records,
/// end tags (checked against their start tags) as EndElement or folded into the text before them. Anything outside
/// the shapes it knows stops it with a problem and where it was found.
/// </summary>
internal ref partial struct TextToMsbin1Walk
{
    private const string TooLong = "the translation is longer than the largest message allowed";

    private readonly ReadOnlySpan<byte> _xml;
    private readonly Span<TextElementFrame> _open;
    private readonly Span<ByteRange> _prefixes;
    private readonly Span<TextAttribute> _attributes;
    private TranslationOutput _output;
    private int _pos;
    private int _depth;
    private int _declared;
    private string? _problem;
    private int _problemOffset;

    /// <summary>
    /// A walk over <paramref name="xml"/> writing to <paramref name="output"/>, with room for <paramref name="open"/>
    /// open elements, <paramref name="prefixes"/> prefix declarations in scope and <paramref name="attributes"/>
    /// attributes on one start tag (more of any is a problem).
    /// </summary>
    public TextToMsbin1Walk(
        ReadOnlySpan<byte> xml, TranslationOutput output, Span<TextElementFrame> open, Span<ByteRange> prefixes, Span<TextAttribute> attributes)
    {
        _xml = xml;
        _output = output;
        _open = open;
        _prefixes = prefixes;
        _attributes = attributes;
    }

    /// <summary>Translates the document; the output's buffer is handed over on success and returned on failure.</summary>
    public SessionTranslation Run() => Document() ? _output.Complete() : _output.Abandon(_problem!, _problemOffset);

    /// <summary>A byte order mark, an XML declaration, the root element, whitespace around it; nothing else.</summary>
    private bool Document()
    {
        if (_xml.StartsWith(ByteOrderMark))
        {
            _pos = 3;
        }

        if (At("<?xml"u8) && !Declaration())
        {
            return false;
        }

        SkipWhitespace();
        if (!At("<"u8) || _xml.Length < _pos + 2 || _xml[_pos + 1] is (byte)'!' or (byte)'?' or (byte)'/')
        {
            return Fail("the root element is not the first thing after the XML declaration");
        }

        if (!StartTag())
        {
            return false;
        }

        while (_depth > 0)
        {
            if (!Content())
            {
                return false;
            }
        }

        SkipWhitespace();
        return _pos == _xml.Length || Fail("something other than whitespace after the root element");
    }

    /// <summary>One node inside an element: character data, or the markup at a '&lt;'.</summary>
    private bool Content()
    {
        var rest = _xml[_pos..];
        var markup = rest.IndexOf((byte)'<');
        if (markup < 0)
        {
            return Fail("the document ends inside an element");
        }

        if (markup > 0)
        {
            var text = rest[..markup];
            var problem = Utf8XmlTextDecoder.CheckContent(text, out var decodedLength);
            return problem is null ? Characters(text, decodedLength, decode: true, _pos + markup) : Fail(problem);
        }

        return rest.Length < 2 ? Fail("the document ends inside an element") : rest[1] switch
        {
            (byte)'/' => EndTag(written: false),
            (byte)'!' when rest.StartsWith("<!--"u8) => Comment(),
            (byte)'!' when rest.StartsWith("<![CDATA["u8) => CData(),
            (byte)'!' => Fail("a document type or other markup declaration"),
            (byte)'?' => Fail("a processing instruction (WCF's reader refuses them)"),
            _ => StartTag(),
        };
    }

    /// <summary>
    /// Writes <paramref name="text"/> as one Chars text record (decoded when <paramref name="decode"/>) and moves on to
    /// <paramref name="next"/>; when the end tag of its element comes next, the record ends the element and the end tag
    /// is read here.
    /// </summary>
    private bool Characters(ReadOnlySpan<byte> text, int decodedLength, bool decode, int next)
    {
        _pos = next;
        var endsElement = At("</"u8);
        if (decodedLength > 0)
        {
            if (!_output.TryTake(CharsHeadLength(decodedLength) + decodedLength, out var output))
            {
                return Fail(TooLong);
            }

            var head = WriteCharsHead(output, decodedLength, endsElement);
            if (decode)
            {
                Utf8XmlTextDecoder.Decode(text, output[head..]);
            }
            else
            {
                text.CopyTo(output[head..]);
            }
        }

        return !endsElement || EndTag(written: decodedLength > 0);
    }

    /// <summary>An end tag that must name the open element; <paramref name="written"/>: the text before it ended the element.</summary>
    private bool EndTag(bool written)
    {
        var frame = _open[_depth - 1];
        var name = frame.Name.Of(_xml);
        var after = _pos + 2 + name.Length;
        if (!_xml[(_pos + 2)..].StartsWith(name))
        {
            return Fail("an end tag that does not match its start tag");
        }

        _pos = after;
        SkipWhitespace();
        if (!At(">"u8))
        {
            return Fail("an end tag that does not match its start tag");
        }

        _pos++;
        _depth--;
        _declared = frame.DeclarationsBefore;
        return written || Byte(EndElement);
    }

    /// <summary>A comment, written as a Comment record; "--" may only end it.</summary>
    private bool Comment()
    {
        var start = _pos + 4;
        var length = _xml[start..].IndexOf("--"u8);
        if (length < 0 || _xml.Length < start + length + 3 || _xml[start + length + 2] != '>')
        {
            return Fail("a comment with \"--\" inside or without its end");
        }

        var text = _xml.Slice(start, length);
        var problem = Utf8XmlTextDecoder.CheckLiteral(text);
        if (problem is not null)
        {
            return Fail(problem);
        }

        _pos = start + length + 3;
        return Byte(Msbin1Records.Comment) && String(text);
    }

    /// <summary>A CDATA section, written as text (msbin1 has no CDATA record; WCF's binary writer does the same).</summary>
    private bool CData()
    {
        var start = _pos + 9;
        var length = _xml[start..].IndexOf("]]>"u8);
        if (length < 0)
        {
            return Fail("a CDATA section without its end");
        }

        var text = _xml.Slice(start, length);
        var problem = Utf8XmlTextDecoder.CheckLiteral(text);
        return problem is null ? Characters(text, length, decode: false, start + length + 3) : Fail(problem);
    }

    /// <summary>
    /// Writes a record whose payload is names: <paramref name="record"/>, then <paramref name="prefix"/> when the
    /// record carries a prefix string (Element, Attribute, XmlnsAttribute), then <paramref name="name"/> (a local name,
    /// or the namespace of a declaration). Every name and namespace goes out through here, so a dictionary lookup can
    /// replace the inline strings (and pick the record's dictionary form) in one place.
    /// </summary>
    private bool NameRecord(byte record, ReadOnlySpan<byte> prefix, ReadOnlySpan<byte> name) =>
        Byte(record) && (record is not (Element or Msbin1Records.Attribute or XmlnsAttribute) || String(prefix)) && String(name);

    /// <summary>Writes an attribute's value: one Chars text record, or EmptyText.</summary>
    private bool AttributeValue(TextAttribute attribute)
    {
        if (attribute.DecodedLength == 0)
        {
            return Byte(EmptyText);
        }

        var length = attribute.DecodedLength;
        if (!_output.TryTake(CharsHeadLength(length) + length, out var output))
        {
            return Fail(TooLong);
        }

        Utf8XmlTextDecoder.Decode(attribute.Value.Of(_xml), output[WriteCharsHead(output, length, withEndElement: false)..]);
        return true;
    }

    /// <summary>Writes a String: a MultiByteInt31 length and the UTF-8 bytes.</summary>
    private bool String(ReadOnlySpan<byte> text)
    {
        if (!_output.TryTake(MultiByteInt31.GetByteCount(text.Length) + text.Length, out var output))
        {
            return Fail(TooLong);
        }

        text.CopyTo(output[MultiByteInt31.Write(output, text.Length)..]);
        return true;
    }

    private bool Byte(byte value)
    {
        if (!_output.TryTake(1, out var output))
        {
            return Fail(TooLong);
        }

        output[0] = value;
        return true;
    }

    private static ReadOnlySpan<byte> ByteOrderMark => [0xEF, 0xBB, 0xBF];

    private readonly bool At(ReadOnlySpan<byte> literal) => _xml[_pos..].StartsWith(literal);

    /// <summary>Skips XML whitespace; returns how many bytes.</summary>
    private int SkipWhitespace()
    {
        var skipped = _xml[_pos..].IndexOfAnyExcept(" \t\r\n"u8);
        skipped = skipped < 0 ? _xml.Length - _pos : skipped;
        _pos += skipped;
        return skipped;
    }

    /// <summary>Stops the walk with <paramref name="problem"/> at the current position.</summary>
    private bool Fail(string problem)
    {
        if (_problem is null)
        {
            _problem = problem;
            _problemOffset = _pos;
        }

        return false;
    }
}
