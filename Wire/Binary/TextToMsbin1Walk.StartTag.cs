using static SoapRouter.Wire.Binary.Msbin1Records;

namespace SoapRouter.Wire.Binary;

/// <summary>Start tags, their attributes and namespace declarations, and the XML declaration.</summary>
internal ref partial struct TextToMsbin1Walk
{
    // WCF's default reader quotas (XmlDictionaryReaderQuotas): deeper documents, and start tags whose attributes take
    // more bytes, are refused by its text reader; refusing them here keeps that refusal.
    private const int MaxDepth = 32;
    private const int MaxStartTagBytes = 4096;

    private static readonly System.Buffers.SearchValues<byte> s_nameBytes =
        System.Buffers.SearchValues.Create("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-."u8);

    /// <summary>How many elements the walk keeps open at most (WCF's default MaxDepth).</summary>
    public static int OpenCapacity => MaxDepth;

    /// <summary>A start tag: the element record, its attribute records, and EndElement too when it is empty.</summary>
    private bool StartTag()
    {
        var tagStart = _pos;
        _pos++;
        if (_depth == MaxDepth)
        {
            return Fail("elements nested deeper than WCF's default reader quota");
        }

        if (!Name(out var element))
        {
            return false;
        }

        var count = 0;
        while (true)
        {
            var space = SkipWhitespace();
            if (At(">"u8) || At("/>"u8))
            {
                break;
            }

            if (space == 0)
            {
                return Fail("no whitespace before an attribute");
            }

            if (count == _attributes.Length)
            {
                return Fail("more attributes on one element than the walk keeps");
            }

            if (!Attribute(out _attributes[count++]))
            {
                return false;
            }
        }

        var empty = At("/>"u8);
        _pos += empty ? 2 : 1;
        if (_pos - tagStart > MaxStartTagBytes)
        {
            return Fail("a start tag longer than WCF's default MaxBytesPerRead");
        }

        var attributes = _attributes[..count];
        var declaredBefore = _declared;
        if (!Declarations(attributes, declaredBefore) || !Names(element, attributes) || !Records(element, attributes))
        {
            return false;
        }

        if (empty)
        {
            _declared = declaredBefore;
            return Byte(EndElement);
        }

        _open[_depth++] = new TextElementFrame(element.Range, declaredBefore);
        return true;
    }

    /// <summary>One attribute: name, '=', a quoted value (checked).</summary>
    private bool Attribute(out TextAttribute attribute)
    {
        attribute = default;
        if (!Name(out var name))
        {
            return false;
        }

        SkipWhitespace();
        if (!At("="u8))
        {
            return Fail("an attribute without '='");
        }

        _pos++;
        SkipWhitespace();
        if (_pos == _xml.Length || _xml[_pos] is not ((byte)'"' or (byte)'\''))
        {
            return Fail("an attribute value without quotes");
        }

        var start = _pos + 1;
        var length = _xml[start..].IndexOf(_xml[_pos]);
        if (length < 0)
        {
            return Fail("an attribute value without its closing quote");
        }

        var problem = Utf8XmlTextDecoder.CheckAttributeValue(_xml.Slice(start, length), out var decodedLength);
        if (problem is not null)
        {
            return Fail(problem);
        }

        _pos = start + length + 1;
        attribute = new TextAttribute(name, new ByteRange(start, length), decodedLength);
        return true;
    }

    /// <summary>
    /// Takes the start tag's namespace declarations into scope. Refused: a prefix declared twice on one tag or bound
    /// to "" (Namespaces in XML 1.0 forbids both), prefixes starting with "xml", the xml and xmlns namespaces, and
    /// namespaces with references (rare; kept out so the namespace bytes are the namespace).
    /// </summary>
    private bool Declarations(ReadOnlySpan<TextAttribute> attributes, int declaredBefore)
    {
        var defaultDeclared = false;
        foreach (var attribute in attributes)
        {
            if (!attribute.IsDeclaration(_xml))
            {
                continue;
            }

            var value = attribute.Value.Of(_xml);
            if (value.Contains((byte)'&') || value.SequenceEqual("http://www.w3.org/XML/1998/namespace"u8)
                || value.SequenceEqual("http://www.w3.org/2000/xmlns/"u8))
            {
                return Fail("a namespace declaration with a reference or a reserved namespace");
            }

            if (attribute.Name.PrefixLength == 0)
            {
                if (defaultDeclared)
                {
                    return Fail("the default namespace declared twice on one element");
                }

                defaultDeclared = true;
                continue;
            }

            var prefix = attribute.Name.Local(_xml);
            if (value.IsEmpty || IsReserved(prefix) || IsDeclared(prefix, declaredBefore))
            {
                return Fail("a prefix declared twice on one element, bound to \"\", or starting with \"xml\"");
            }

            if (_declared == _prefixes.Length)
            {
                return Fail("more namespace declarations in scope than the walk keeps");
            }

            var local = attribute.Name.Range.Start + attribute.Name.PrefixLength + 1;
            _prefixes[_declared++] = new ByteRange(local, prefix.Length);
        }

        return true;
    }

    /// <summary>
    /// Checks that every prefix on the tag is declared and that no two attributes could share a name. Two attributes
    /// with one local name are refused unless exactly one is unprefixed (different namespaces for sure): whether two
    /// prefixes name one namespace is left to WCF.
    /// </summary>
    private bool Names(TextName element, ReadOnlySpan<TextAttribute> attributes)
    {
        if (element.PrefixLength > 0 && !IsUsablePrefix(element.Prefix(_xml)))
        {
            return Fail("an element prefix that is not declared or starts with \"xml\"");
        }

        for (var i = 0; i < attributes.Length; i++)
        {
            var name = attributes[i].Name;
            if (attributes[i].IsDeclaration(_xml))
            {
                continue;
            }

            var prefix = name.Prefix(_xml);
            var usable = name.PrefixLength == 0 || IsUsablePrefix(prefix)
                || (prefix.SequenceEqual("xml"u8) && name.Local(_xml).SequenceEqual("lang"u8));
            if (!usable)
            {
                return Fail("an attribute prefix that is not declared or starts with \"xml\" (xml:lang excepted)");
            }

            for (var j = 0; j < i; j++)
            {
                var other = attributes[j].Name;
                if (!attributes[j].IsDeclaration(_xml) && (other.PrefixLength == 0) == (name.PrefixLength == 0)
                    && other.Local(_xml).SequenceEqual(name.Local(_xml)))
                {
                    return Fail("two attributes that may have the same name");
                }
            }
        }

        return true;
    }

    /// <summary>The element record and its attribute records, in the order written.</summary>
    private bool Records(TextName element, ReadOnlySpan<TextAttribute> attributes)
    {
        if (!NameRecord(Kind(element, ShortElement, Element, PrefixElementA), element.Prefix(_xml), element.Local(_xml)))
        {
            return false;
        }

        foreach (var attribute in attributes)
        {
            var name = attribute.Name;
            var written = !attribute.IsDeclaration(_xml)
                ? NameRecord(Kind(name, ShortAttribute, Msbin1Records.Attribute, PrefixAttributeA), name.Prefix(_xml), name.Local(_xml)) && AttributeValue(attribute)
                : name.PrefixLength == 0
                    ? NameRecord(ShortXmlnsAttribute, default, attribute.Value.Of(_xml))
                    : NameRecord(XmlnsAttribute, name.Local(_xml), attribute.Value.Of(_xml));
            if (!written)
            {
                return false;
            }
        }

        return true;
    }

    /// <summary>The record for <paramref name="name"/>: short without a prefix, the letter form for a-z, else the full one.</summary>
    private readonly byte Kind(TextName name, byte shortRecord, byte fullRecord, byte letterA)
    {
        if (name.PrefixLength == 0)
        {
            return shortRecord;
        }

        var first = _xml[name.Range.Start];
        return name.PrefixLength == 1 && first is >= (byte)'a' and <= (byte)'z' ? (byte)(letterA + (first - 'a')) : fullRecord;
    }

    /// <summary>A name of ASCII letters, digits, '_', '-' and '.', with at most one colon inside (non-ASCII names are refused).</summary>
    private bool Name(out TextName name)
    {
        var start = _pos;
        var prefixLength = 0;
        name = default;
        if (!NcName())
        {
            return false;
        }

        if (At(":"u8))
        {
            prefixLength = _pos - start;
            _pos++;
            if (!NcName())
            {
                return false;
            }
        }

        name = new TextName(new ByteRange(start, _pos - start), prefixLength);
        return true;
    }

    private bool NcName()
    {
        var rest = _xml[_pos..];
        if (rest.IsEmpty || !(char.IsAsciiLetter((char)rest[0]) || rest[0] == '_'))
        {
            return Fail("a name that is not an ASCII NCName");
        }

        var length = rest.IndexOfAnyExcept(s_nameBytes);
        length = length < 0 ? rest.Length : length;
        if (length < rest.Length && rest[length] >= 0x80)
        {
            return Fail("a name that is not an ASCII NCName");
        }

        _pos += length;
        return true;
    }


    /// <summary>
    /// The XML declaration at the start: version 1.0, then optionally encoding UTF-8 and standalone yes or no, as
    /// XML 1.0 §2.8 orders them. Anything else in it is refused.
    /// </summary>
    private bool Declaration()
    {
        _pos += 5;
        if (!PseudoAttribute("version"u8, out var version) || !version.SequenceEqual("1.0"u8))
        {
            return Fail("an XML declaration other than version 1.0");
        }

        var mark = _pos;
        if (!PseudoAttribute("encoding"u8, out var encoding))
        {
            _pos = mark;
        }
        else if (!System.Text.Ascii.EqualsIgnoreCase(encoding, "utf-8"u8))
        {
            return Fail("an XML declaration of an encoding other than UTF-8");
        }

        mark = _pos;
        if (!PseudoAttribute("standalone"u8, out var standalone))
        {
            _pos = mark;
        }
        else if (!standalone.SequenceEqual("yes"u8) && !standalone.SequenceEqual("no"u8))
        {
            return Fail("an XML declaration with a standalone other than yes or no");
        }

        SkipWhitespace();
        if (!At("?>"u8))
        {
            return Fail("an XML declaration WCF's reader may not read as written");
        }

        _pos += 2;
        return true;
    }

    /// <summary>Whitespace, <paramref name="name"/>, '=', and a quoted value of plain ASCII; false (no problem) otherwise.</summary>
    private bool PseudoAttribute(ReadOnlySpan<byte> name, out ReadOnlySpan<byte> value)
    {
        value = default;
        if (SkipWhitespace() == 0 || !At(name))
        {
            return false;
        }

        _pos += name.Length;
        SkipWhitespace();
        if (!At("="u8))
        {
            return false;
        }

        _pos++;
        SkipWhitespace();
        if (_pos == _xml.Length || _xml[_pos] is not ((byte)'"' or (byte)'\''))
        {
            return false;
        }

        var length = _xml[(_pos + 1)..].IndexOf(_xml[_pos]);
        if (length < 0)
        {
            return false;
        }

        value = _xml.Slice(_pos + 1, length);
        _pos += length + 2;
        return true;
    }

    /// <summary>True for a prefix in scope that does not start with "xml".</summary>
    private readonly bool IsUsablePrefix(ReadOnlySpan<byte> prefix) => !IsReserved(prefix) && IsDeclared(prefix, 0);

    /// <summary>True when <paramref name="prefix"/> is among the declarations from index <paramref name="from"/> on.</summary>
    private readonly bool IsDeclared(ReadOnlySpan<byte> prefix, int from)
    {
        for (var i = _declared - 1; i >= from; i--)
        {
            if (_prefixes[i].Of(_xml).SequenceEqual(prefix))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>Prefixes starting with "xml" in any case are reserved (Namespaces in XML 1.0 §3).</summary>
    private static bool IsReserved(ReadOnlySpan<byte> prefix) =>
        prefix.Length >= 3 && System.Text.Ascii.EqualsIgnoreCase(prefix[..3], "xml"u8);
}
