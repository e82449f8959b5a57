using static SoapRouter.Wire.Binary.Msbin1Records;

namespace SoapRouter.Wire.Binary;

/// <summary>
/// One pass over a session-free msbin1 envelope, writing it as UTF-8 XML text, with the grammar WCF's XmlBinaryReader
/// reads it by (as <see cref="SessionRecordWalk"/>): element records with their attribute records, attribute values and
/// list items as plain text records, Array records as one element, EndElement, a value type, a count and the values
/// (written as the element repeated). It keeps what WCF's reader checks and text alone would not show: one root
/// element and nothing after it, prefixes declared in scope, no attribute or prefix declared twice on an element.
/// Anything else it does not know to be read alike by WCF's text reader stops it with a problem.
/// </summary>
internal ref struct Msbin1TextWalk
{
    /// <summary>Deepest nesting written; WCF's default MaxDepth is 32.</summary>
    private const int MaxDepth = 128;

    /// <summary>Most namespace declarations in scope at once.</summary>
    private const int MaxDeclarations = 128;

    /// <summary>Most attributes on one element (declarations not counted).</summary>
    private const int MaxAttributes = 64;

    /// <summary>Lookup's answer for a prefix not declared.</summary>
    private const int NotDeclared = -1;

    /// <summary>Lookup's answer for xml, declared by XML itself (never by a declaration: those are refused).</summary>
    private const int XmlPrefix = -2;

    private const string PastTheEnd = "a record runs past the end of the envelope";
    private const string TooLong = "the text is longer than the largest message allowed";

    private readonly ReadOnlySpan<byte> _records;
    private readonly Span<OpenElement> _elements;
    private readonly Span<Declaration> _declarations;
    private readonly Span<AttributeName> _attributes;
    private Msbin1Cursor _cursor;
    private TranslationOutput _output;
    private int _depth;
    private int _declared;
    private int _attributeCount;
    private bool _rootEnded;
    private int _recordStart;
    private string? _problem;

    private Msbin1TextWalk(
        ReadOnlySpan<byte> records, TranslationOutput output, Span<OpenElement> elements, Span<Declaration> declarations, Span<AttributeName> attributes)
    {
        _records = records;
        _cursor = new Msbin1Cursor(records);
        _output = output;
        _elements = elements;
        _declarations = declarations;
        _attributes = attributes;
    }

    /// <summary>Where a text record stands: WCF's reader takes fewer record types in attribute values and lists.</summary>
    private enum TextPlace
    {
        Node,
        AttributeValue,
        ListItem,
    }

    /// <summary>Writes <paramref name="records"/> as text to <paramref name="output"/>, handed over on success and returned on failure.</summary>
    public static SessionTranslation Run(ReadOnlySpan<byte> records, TranslationOutput output)
    {
        Span<OpenElement> elements = stackalloc OpenElement[MaxDepth];
        Span<Declaration> declarations = stackalloc Declaration[MaxDeclarations];
        Span<AttributeName> attributes = stackalloc AttributeName[MaxAttributes];
        var walk = new Msbin1TextWalk(records, output, elements, declarations, attributes);
        return walk.Records() ? walk._output.Complete() : walk._output.Abandon(walk._problem!, walk._recordStart);
    }

    private bool Records()
    {
        while (!_cursor.AtEnd)
        {
            var start = _cursor.Position;
            _recordStart = start;
            if (_rootEnded)
            {
                return Fail("a record follows the end of the envelope");
            }

            var record = _cursor.ReadByte();
            var ok = record switch
            {
                EndElement => End(),
                Comment => CommentRecord(),
                Msbin1Records.Array => ArrayRecord(),
                _ when IsElement(record) => ElementRecord(record, attributesAllowed: true),
                _ when IsText(record) => _depth > 0 ? Text(start, record, TextPlace.Node) : Fail("text stands outside the envelope"),
                _ => Fail($"unknown record type 0x{record:X2} at offset {start}"),
            };
            if (!ok)
            {
                return false;
            }
        }

        return _rootEnded || Fail(_depth > 0 ? "the envelope is not ended" : "there is no envelope");
    }

    /// <summary>An element record (its type byte read), the attribute records after it, and the start tag's checks.</summary>
    private bool ElementRecord(byte record, bool attributesAllowed)
    {
        if (_depth == MaxDepth)
        {
            return Fail($"elements nest deeper than {MaxDepth}");
        }

        if (!Write("<"u8))
        {
            return false;
        }

        var nameStart = _output.Position;
        ByteRange prefix;
        bool named;
        switch (record)
        {
            case ShortElement:
                prefix = default;
                named = StringName(out _);
                break;
            case Element:
                named = Prefix(out prefix) && StringName(out _);
                break;
            case ShortDictionaryElement:
                prefix = default;
                named = DictionaryName(out _);
                break;
            case DictionaryElement:
                named = Prefix(out prefix) && DictionaryName(out _);
                break;
            case < PrefixElementA:
                named = LetterPrefix(record - PrefixDictionaryElementA, out prefix) && DictionaryName(out _);
                break;
            default:
                named = LetterPrefix(record - PrefixElementA, out prefix) && StringName(out _);
                break;
        }

        if (!named)
        {
            return false;
        }

        var name = new ByteRange(nameStart, _output.Position - nameStart);
        var declaredBefore = _declared;
        _attributeCount = 0;
        while (IsAttribute(_cursor.Peek()))
        {
            if (!attributesAllowed && _cursor.Peek() is < ShortXmlnsAttribute or > DictionaryXmlnsAttribute)
            {
                return Fail("an Array record's element has attributes (WCF's text writer drops them from each value)");
            }

            if (!AttributeRecord(declaredBefore))
            {
                return false;
            }
        }

        // WCF's text writer writes an array's values with their element's own namespace declared where it is not in
        // scope, and no other declaration: only that one repeats with each value alike.
        if (!attributesAllowed && _declared > declaredBefore
            && (_declared - declaredBefore > 1 || !_output.Written(_declarations[declaredBefore].Prefix).SequenceEqual(_output.Written(prefix))))
        {
            return Fail("an Array record's element declares a namespace other than its own");
        }

        if (!StartTagChecks(prefix) || !Write(">"u8))
        {
            return false;
        }

        _elements[_depth++] = new OpenElement(name, declaredBefore);
        return true;
    }

    private bool AttributeRecord(int declaredBefore)
    {
        var record = _cursor.ReadByte();
        if (!Write(" "u8))
        {
            return false;
        }

        ByteRange declared = default, uri;
        switch (record)
        {
            case ShortXmlnsAttribute:
                return Write("xmlns=\""u8) && NamespaceString(prefixed: false, out uri) && Write("\""u8) && Declare(declared, uri, declaredBefore);
            case XmlnsAttribute:
                return Write("xmlns:"u8) && DeclarationPrefix(out declared) && Write("=\""u8) && NamespaceString(prefixed: true, out uri)
                    && Write("\""u8) && Declare(declared, uri, declaredBefore);
            case ShortDictionaryXmlnsAttribute:
                return Write("xmlns=\""u8) && DictionaryNamespace(prefixed: false, out uri) && Write("\""u8) && Declare(declared, uri, declaredBefore);
            case DictionaryXmlnsAttribute:
                return Write("xmlns:"u8) && DeclarationPrefix(out declared) && Write("=\""u8) && DictionaryNamespace(prefixed: true, out uri)
                    && Write("\""u8) && Declare(declared, uri, declaredBefore);
        }

        if (_attributeCount == MaxAttributes)
        {
            return Fail($"an element has more than {MaxAttributes} attributes");
        }

        ByteRange prefix = default, local = default;
        var named = record switch
        {
            ShortAttribute => StringName(out local),
            Msbin1Records.Attribute => Prefix(out prefix) && StringName(out local),
            ShortDictionaryAttribute => DictionaryName(out local),
            DictionaryAttribute => Prefix(out prefix) && DictionaryName(out local),
            < PrefixAttributeA => LetterPrefix(record - PrefixDictionaryAttributeA, out prefix) && DictionaryName(out local),
            _ => LetterPrefix(record - PrefixAttributeA, out prefix) && StringName(out local),
        };
        if (!named)
        {
            return false;
        }

        if (prefix.Length == 0 && _output.Written(local).SequenceEqual("xmlns"u8))
        {
            return Fail("an attribute is named xmlns");
        }

        _attributes[_attributeCount++] = new AttributeName(prefix, local);
        var valueStart = _cursor.Position;
        return Write("=\""u8) && Text(valueStart, _cursor.ReadByte(), TextPlace.AttributeValue) && Write("\""u8);
    }

    /// <summary>
    /// What WCF's reader checks once a start tag's attributes are read: every prefix used is declared (xml only on
    /// attributes), and no two attributes share a local name and a namespace.
    /// </summary>
    private bool StartTagChecks(ByteRange elementPrefix)
    {
        if (elementPrefix.Length != 0 && Lookup(elementPrefix) < 0)
        {
            return Fail("an element's prefix is not declared");
        }

        for (var i = 0; i < _attributeCount; i++)
        {
            var attribute = _attributes[i];
            if (attribute.Prefix.Length != 0 && Lookup(attribute.Prefix) == NotDeclared)
            {
                return Fail("an attribute's prefix is not declared");
            }

            for (var j = 0; j < i; j++)
            {
                if (_output.Written(_attributes[j].Local).SequenceEqual(_output.Written(attribute.Local)) && SameNamespace(_attributes[j].Prefix, attribute.Prefix))
                {
                    return Fail("an element has two attributes of one name");
                }
            }
        }

        return true;
    }

    /// <summary>The declaration in scope of <paramref name="prefix"/> (written): its index, or NotDeclared, or XmlPrefix.</summary>
    private readonly int Lookup(ByteRange prefix)
    {
        var text = _output.Written(prefix);
        for (var i = _declared - 1; i >= 0; i--)
        {
            if (_output.Written(_declarations[i].Prefix).SequenceEqual(text))
            {
                return i;
            }
        }

        return text.SequenceEqual("xml"u8) ? XmlPrefix : NotDeclared;
    }

    /// <summary>True when two attribute prefixes (empty for none; both declared) name one namespace.</summary>
    private readonly bool SameNamespace(ByteRange first, ByteRange second)
    {
        if (first.Length == 0 || second.Length == 0)
        {
            return first.Length == second.Length;
        }

        int a = Lookup(first), b = Lookup(second);
        return a == b || (a >= 0 && b >= 0 && _output.Written(_declarations[a].Namespace).SequenceEqual(_output.Written(_declarations[b].Namespace)));
    }

    /// <summary>Records a declaration of <paramref name="prefix"/> (empty: the default namespace) as <paramref name="uri"/> on the current start tag.</summary>
    private bool Declare(ByteRange prefix, ByteRange uri, int declaredBefore)
    {
        var text = _output.Written(prefix);
        for (var i = declaredBefore; i < _declared; i++)
        {
            if (_output.Written(_declarations[i].Prefix).SequenceEqual(text))
            {
                return Fail("an element declares one prefix twice");
            }
        }

        if (_declared == MaxDeclarations)
        {
            return Fail($"more than {MaxDeclarations} namespace declarations are in scope");
        }

        _declarations[_declared++] = new Declaration(prefix, uri);
        return true;
    }

    /// <summary>The prefix of an XmlnsAttribute record, written; never empty or xml-reserved.</summary>
    private bool DeclarationPrefix(out ByteRange prefix)
    {
        if (!StringName(out prefix))
        {
            return false;
        }

        var text = _output.Written(prefix);
        return !(text.Length >= 3 && System.Text.Ascii.EqualsIgnoreCase(text[..3], "xml"u8)) || Fail("a declaration binds a prefix reserved by XML");
    }

    private bool NamespaceString(bool prefixed, out ByteRange written)
    {
        written = default;
        var range = _cursor.ReadString();
        return !_cursor.Truncated ? Namespace(range.Of(_records), prefixed, out written) : Fail(PastTheEnd);
    }

    private bool DictionaryNamespace(bool prefixed, out ByteRange written)
    {
        written = default;
        return Dictionary(out var text) && Namespace(text, prefixed, out written);
    }

    /// <summary>A declaration's namespace, written escaped: never XML's own namespaces, never empty for a prefix.</summary>
    private bool Namespace(scoped ReadOnlySpan<byte> uri, bool prefixed, out ByteRange written)
    {
        var start = _output.Position;
        written = default;
        if (prefixed && uri.IsEmpty)
        {
            return Fail("a prefix is declared with an empty namespace");
        }

        if (uri.SequenceEqual("http://www.w3.org/XML/1998/namespace"u8) || uri.SequenceEqual("http://www.w3.org/2000/xmlns/"u8))
        {
            return Fail("a declaration binds XML's own namespace");
        }

        // Escaping is one to one, so equal escaped text is an equal namespace.
        var ok = Escaped(uri, attribute: true);
        written = new ByteRange(start, _output.Position - start);
        return ok;
    }

    /// <summary>Array ([MC-NBFX] 2.2.3.31), its type byte read: the element written once per value.</summary>
    private bool ArrayRecord()
    {
        if (_depth == 0)
        {
            return Fail("an Array record stands outside the envelope");
        }

        var record = _cursor.ReadByte();
        if (!IsElement(record))
        {
            return Fail("an Array record does not start with an element");
        }

        var tagStart = _output.Position;
        if (!ElementRecord(record, attributesAllowed: false))
        {
            return false;
        }

        var tag = new ByteRange(tagStart, _output.Position - tagStart);
        var element = _elements[--_depth];
        _declared = element.Declarations;
        if (_cursor.ReadByte() != EndElement)
        {
            return Fail("an Array record's element is not ended before its values");
        }

        var type = _cursor.ReadByte();
        var size = ArrayValueSize(type);
        if (size == 0)
        {
            return Fail("an Array record's values are of a type WCF's reader refuses in arrays");
        }

        var count = _cursor.ReadMultiByteInt31();
        if (count == 0)
        {
            return Fail("an Array record has no values");
        }

        var values = _cursor.ReadBytes((long)count * size);
        if (_cursor.Truncated)
        {
            return Fail(PastTheEnd);
        }

        for (var i = 0; i < count; i++)
        {
            if ((i > 0 && !Repeat(tag)) || !Value(type, values.Slice(i * size, size)) || !EndTag(element))
            {
                return false;
            }
        }

        return true;
    }

    /// <summary>A text record, its type byte read, standing at <paramref name="place"/>.</summary>
    private bool Text(int start, byte record, TextPlace place)
    {
        if (_cursor.Truncated)
        {
            return Fail(PastTheEnd);
        }

        if (!IsText(record))
        {
            return Fail($"record type 0x{record:X2} at offset {start} is not the text record expected");
        }

        var endsElement = (record & 1) != 0;
        if (endsElement && place != TextPlace.Node)
        {
            return Fail("a text record that ends an element stands in an attribute value or a list");
        }

        var attribute = place != TextPlace.Node;
        var ok = (record & 0xFE) switch
        {
            Chars8Text or Chars16Text or Chars32Text => Chars(record, attribute),
            0x9E or 0xA0 or 0xA2 => Bytes(record),
            0xA8 => true,
            DictionaryText => Dictionary(out var text) && Escaped(text, attribute),
            QNameDictionaryText => QName(attribute),
            StartListText => !endsElement && place != TextPlace.ListItem ? List() : Fail("a list record stands where WCF's reader refuses it"),
            EndListText => Fail("a list ends where none started"),
            _ => FixedValue(record),
        };
        return ok && (!endsElement || End());
    }

    /// <summary>A fixed-size typed value (its type byte read): its payload formatted as WCF reports it.</summary>
    private bool FixedValue(byte record)
    {
        var size = TextPayload(record);
        if (size < 0)
        {
            return Fail($"text record type 0x{record:X2} (UTF-16 text or an unknown type) is not transcoded");
        }

        var payload = _cursor.ReadBytes(size);
        return !_cursor.Truncated ? Value(record, payload) : Fail(PastTheEnd);
    }

    /// <summary>Writes the text of a fixed-size value of text record type <paramref name="record"/>.</summary>
    private bool Value(int record, ReadOnlySpan<byte> payload)
    {
        Span<byte> text = stackalloc byte[Msbin1TextValues.MaxLength];
        return Msbin1TextValues.TryFormat(record, payload, text, out var written)
            ? Write(text[..written])
            : Fail($"a value of text record type 0x{record:X2} has no text this transcoder can match exactly");
    }

    private bool Chars(byte record, bool attribute)
    {
        var length = _cursor.ReadLength(-TextPayload(record));
        if (length < 0)
        {
            return Fail("a text record's length is negative");
        }

        var text = _cursor.ReadBytes(length);
        return !_cursor.Truncated ? Escaped(text, attribute) : Fail(PastTheEnd);
    }

    /// <summary>Bytes8/16/32 text: the bytes as base64, as WCF's reader reports them.</summary>
    private bool Bytes(byte record)
    {
        var length = _cursor.ReadLength(-TextPayload(record));
        if (length < 0)
        {
            return Fail("a text record's length is negative");
        }

        var bytes = _cursor.ReadBytes(length);
        if (_cursor.Truncated)
        {
            return Fail(PastTheEnd);
        }

        if (!_output.TryTake(System.Buffers.Text.Base64.GetMaxEncodedToUtf8Length(bytes.Length), out var base64))
        {
            return Fail(TooLong);
        }

        System.Buffers.Text.Base64.EncodeToUtf8(bytes, base64, out _, out _);
        return true;
    }

    /// <summary>QNameDictionaryText: a prefix letter and a dictionary id, reported as "p:name".</summary>
    private bool QName(bool attribute)
    {
        var letter = _cursor.ReadByte();
        if (_cursor.Truncated || letter >= PrefixLetters)
        {
            return Fail(_cursor.Truncated ? PastTheEnd : "a QName text record's prefix is not a letter");
        }

        Span<byte> prefix = [(byte)('a' + letter), (byte)':'];
        return Write(prefix) && Dictionary(out var name) && Escaped(name, attribute);
    }

    /// <summary>A list's items (its StartListText read) up to its EndListText, separated by spaces as WCF reports them.</summary>
    private bool List()
    {
        for (var first = true; ; first = false)
        {
            var start = _cursor.Position;
            var record = _cursor.ReadByte();
            if (_cursor.Truncated)
            {
                return Fail(PastTheEnd);
            }

            if (record == EndListText)
            {
                return true;
            }

            if ((!first && !Write(" "u8)) || !Text(start, record, TextPlace.ListItem))
            {
                return false;
            }
        }
    }

    private bool CommentRecord()
    {
        if (_depth == 0)
        {
            return Fail("a comment stands outside the envelope");
        }

        var text = _cursor.ReadString();
        if (_cursor.Truncated)
        {
            return Fail(PastTheEnd);
        }

        return Utf8XmlTextEscaper.IsCommentText(text.Of(_records))
            ? Write("<!--"u8) && Write(text.Of(_records)) && Write("-->"u8)
            : Fail("a comment holds text a text comment cannot carry as it is");
    }

    /// <summary>EndElement: the open element's end tag.</summary>
    private bool End()
    {
        if (_depth == 0)
        {
            return Fail("an element ends where none is open");
        }

        var element = _elements[--_depth];
        _declared = element.Declarations;
        _rootEnded = _depth == 0;
        return EndTag(element);
    }

    private bool EndTag(OpenElement element) => Write("</"u8) && Repeat(element.Name) && Write(">"u8);

    /// <summary>A name as a String record: written, and an NCName.</summary>
    private bool StringName(out ByteRange written)
    {
        written = default;
        var range = _cursor.ReadString();
        return !_cursor.Truncated ? Name(range.Of(_records), out written) : Fail(PastTheEnd);
    }

    /// <summary>A name as a static dictionary id: written, and an NCName.</summary>
    private bool DictionaryName(out ByteRange written)
    {
        written = default;
        return Dictionary(out var text) && Name(text, out written);
    }

    /// <summary>A prefix as a String record, followed by the colon.</summary>
    private bool Prefix(out ByteRange written) => StringName(out written) && Write(":"u8);

    /// <summary>A Prefix* record's letter prefix (0 = a), followed by the colon.</summary>
    private bool LetterPrefix(int letter, out ByteRange written)
    {
        written = new ByteRange(_output.Position, 1);
        Span<byte> prefix = [(byte)('a' + letter), (byte)':'];
        return Write(prefix);
    }

    private bool Name(scoped ReadOnlySpan<byte> name, out ByteRange written)
    {
        written = new ByteRange(_output.Position, name.Length);
        return Utf8XmlTextEscaper.IsNCName(name) ? Write(name) : Fail("a name is not an XML NCName");
    }

    /// <summary>Reads a dictionary id: a static dictionary string; session (odd) ids and ids past the table are refused.</summary>
    private bool Dictionary(out ReadOnlySpan<byte> text)
    {
        text = default;
        var id = _cursor.ReadMultiByteInt31();
        if (_cursor.Truncated)
        {
            return Fail(PastTheEnd);
        }

        return StaticDictionary.TryGet(id, out text) || Fail((id & 1) != 0
            ? $"dictionary id {id} names a session string in session-free msbin1"
            : $"dictionary id {id} is past WCF's static dictionary");
    }

    private bool Escaped(scoped ReadOnlySpan<byte> text, bool attribute)
    {
        var problem = Utf8XmlTextEscaper.TryWrite(text, attribute, ref _output, TooLong);
        return problem is null || Fail(problem);
    }

    private bool Write(scoped ReadOnlySpan<byte> bytes) => _output.TryWrite(bytes) || Fail(TooLong);

    private bool Repeat(ByteRange range) => _output.TryRepeat(range) || Fail(TooLong);

    /// <summary>Stops the walk with <paramref name="problem"/> (or with running past the end, when that came first).</summary>
    private bool Fail(string problem)
    {
        _problem ??= _cursor.Truncated ? PastTheEnd : problem;
        return false;
    }

    /// <summary>An element whose end tag is still to come: its written name, and the declarations in scope before it.</summary>
    private readonly record struct OpenElement(ByteRange Name, int Declarations);

    /// <summary>A namespace declaration in scope: its written prefix (empty for the default namespace) and namespace.</summary>
    private readonly record struct Declaration(ByteRange Prefix, ByteRange Namespace);

    /// <summary>An attribute of the current start tag: its written prefix (empty for none) and local name.</summary>
    private readonly record struct AttributeName(ByteRange Prefix, ByteRange Local);
}
