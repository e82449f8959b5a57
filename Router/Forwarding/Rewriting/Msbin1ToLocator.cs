using SoapRouter.Wire.Binary;

namespace SoapRouter.Forwarding.Rewriting;

/// <summary>
/// Walks an msbin1 envelope from its first record to the end of its Header and finds the WS-Addressing To header (1.0 or August 2004),
/// or another WS-Addressing header given by its dictionary id and name (RelatesTo, MessageID; ReplyTo, whose content is
/// elements, with <c>wholeElement</c>).
/// Understands every record of [MC-NBFX] well enough to skip it; resolves prefixes only as far as the To needs. Any
/// doubt (truncation, an unknown record, element content inside To, more than one To) is an error, never a guess.
/// </summary>
/// <param name="data">The msbin1 envelope.</param>
/// <param name="declarations">Room for the namespace declarations in scope.</param>
/// <param name="headerId">The header's static dictionary id.</param>
/// <param name="headerText">The header's local name, for an inline name.</param>
/// <param name="wholeElement">True when the header may hold elements (ReplyTo).</param>
internal ref struct Msbin1ToLocator(ReadOnlySpan<byte> data, Span<Msbin1Declaration> declarations, int headerId, ReadOnlySpan<byte> headerText, bool wholeElement = false)
{
    /// <summary>The deepest nesting skipped inside a header (WCF's default reader quota is 32).</summary>
    public const int MaxDepth = 64;

    private const int MaxDeclarations = 32;

    private readonly ReadOnlySpan<byte> _data = data;
    private readonly Span<Msbin1Declaration> _declarations = declarations;
    private readonly int _headerId = headerId;
    private readonly ReadOnlySpan<byte> _headerText = headerText;
    private readonly bool _wholeElement = wholeElement;
    private Msbin1Cursor _cursor = new(data);
    private int _declarationCount;

    /// <summary>Prepares to walk <paramref name="data"/> for its To with room for the declarations in <paramref name="declarations"/>.</summary>
    public Msbin1ToLocator(ReadOnlySpan<byte> data, Span<Msbin1Declaration> declarations)
        : this(data, declarations, Msbin1Records.ToId, Msbin1Records.ToText)
    {
    }

    /// <summary>Room a caller should give the declarations.</summary>
    public static int DeclarationCapacity => MaxDeclarations;

    /// <summary>Finds the To; on <see cref="ToHeaderRewriteError.None"/>, <paramref name="found"/> says whether there is one.</summary>
    public ToHeaderRewriteError Locate(out bool found, out Msbin1ToLocation location) => Locate(out found, out location, out _, toBody: false);

    /// <summary>
    /// Finds the To, then reads on past the Header to the Body's element record; on <see cref="ToHeaderRewriteError.None"/>
    /// <paramref name="body"/> says where the Body's content starts. Bytes that stop before that give
    /// <see cref="ToHeaderRewriteError.Malformed"/>: a caller reading a stream reads on and walks again.
    /// </summary>
    public ToHeaderRewriteError LocateToBody(out bool found, out Msbin1ToLocation location, out BodyStart body) =>
        Locate(out found, out location, out body, toBody: true);

    private ToHeaderRewriteError Locate(out bool found, out Msbin1ToLocation location, out BodyStart body, bool toBody)
    {
        found = false;
        location = default;
        body = default;
        if (!ReadStartElement(depth: 1, out var envelope, out _) || !envelope.Is(Msbin1Records.EnvelopeId, Msbin1Records.EnvelopeText, _data))
        {
            return StartError();
        }

        if (!ReadStartElement(depth: 2, out var first, out _))
        {
            return StartError();
        }

        if (first.Is(Msbin1Records.BodyId, Msbin1Records.BodyText, _data))
        {
            return BodyFound(out body);
        }

        if (!first.Is(Msbin1Records.HeaderId, Msbin1Records.HeaderText, _data))
        {
            return ToHeaderRewriteError.NotSoapEnvelope;
        }

        var error = ReadHeaders(out found, out location);
        if (error != ToHeaderRewriteError.None || !toBody)
        {
            return error;
        }

        // ReadHeaders stops on the Header's EndElement record; the Body's element record follows it.
        _cursor.ReadByte();
        PopDeclarations(depth: 2);
        if (!ReadStartElement(depth: 2, out var next, out _))
        {
            return StartError();
        }

        if (!next.Is(Msbin1Records.BodyId, Msbin1Records.BodyText, _data))
        {
            return ToHeaderRewriteError.NotSoapEnvelope;
        }

        return BodyFound(out body);
    }

    /// <summary>
    /// The Body's element record was read: its content starts here. Bytes that end with it may still owe it attributes,
    /// so the Body start counts as found only with a byte after it (a whole message always has its end records there).
    /// </summary>
    private ToHeaderRewriteError BodyFound(out BodyStart body)
    {
        body = new BodyStart(_cursor.Position, IsEmpty: false, default, default);
        return _cursor.AtEnd ? ToHeaderRewriteError.Malformed : ToHeaderRewriteError.None;
    }

    private ToHeaderRewriteError ReadHeaders(out bool found, out Msbin1ToLocation location)
    {
        found = false;
        location = default;
        while (true)
        {
            var record = _cursor.Peek();
            if (record < 0)
            {
                return ToHeaderRewriteError.Malformed;
            }

            if (record == Msbin1Records.EndElement)
            {
                return ToHeaderRewriteError.None;
            }

            if (Msbin1Records.IsText(record) || record == Msbin1Records.Comment)
            {
                // Whitespace or comments between headers: legal, rare, and never part of a To.
                if (!SkipContentRecord(out var ended) || ended)
                {
                    return ToHeaderRewriteError.Malformed;
                }

                continue;
            }

            var elementStart = _cursor.Position;
            if (!ReadStartElement(depth: 3, out var name, out var prefix))
            {
                return StartError();
            }

            var isTo = name.Is(_headerId, _headerText, _data)
                && Resolve(prefix) is { } ns
                && (ns.Is(Msbin1Records.Addressing10Id, SoapNamespaceBytes.Addressing10, _data)
                    || ns.Is(Msbin1Records.Addressing200408Id, SoapNamespaceBytes.Addressing200408, _data));
            var contentStart = _cursor.Position;
            var error = isTo && !_wholeElement ? ReadToContent(out var text) : SkipElementContent(depth: 3, out text);
            PopDeclarations(depth: 3);
            if (error != ToHeaderRewriteError.None)
            {
                return error;
            }

            if (isTo)
            {
                if (found)
                {
                    return ToHeaderRewriteError.Ambiguous;
                }

                found = true;
                location = new Msbin1ToLocation(contentStart, _cursor.Position, text, elementStart);
            }
        }
    }

    private readonly ToHeaderRewriteError StartError() =>
        _declarationCount < 0 ? ToHeaderRewriteError.Unsupported
        : _cursor.Truncated ? ToHeaderRewriteError.Malformed
        : ToHeaderRewriteError.NotSoapEnvelope;

    /// <summary>The To's content: text records only, ending the element; remembers the text when it is one Chars record.</summary>
    private ToHeaderRewriteError ReadToContent(out ByteRange text)
    {
        text = default;
        var records = 0;
        while (true)
        {
            var record = _cursor.Peek();
            if (record == Msbin1Records.EndElement)
            {
                _cursor.ReadByte();
                if (records != 1)
                {
                    text = default;
                }

                return ToHeaderRewriteError.None;
            }

            if (Msbin1Records.IsElement(record))
            {
                return ToHeaderRewriteError.Unsupported;
            }

            var start = _cursor.Position;
            if (!SkipContentRecord(out var ended))
            {
                return ToHeaderRewriteError.Malformed;
            }

            records++;
            text = CharsText(start, record);
            if (ended)
            {
                if (records != 1)
                {
                    text = default;
                }

                return ToHeaderRewriteError.None;
            }
        }
    }

    private readonly ByteRange CharsText(int recordStart, int record)
    {
        var size = (record & 0xFE) switch
        {
            0x98 => 1,
            0x9A => 2,
            0x9C => 4,
            _ => 0,
        };
        if (size == 0)
        {
            return default;
        }

        var textStart = recordStart + 1 + size;
        return new ByteRange(textStart, _cursor.Position - textStart);
    }

    /// <summary>Skips an element's content up to and including what ends it.</summary>
    private ToHeaderRewriteError SkipElementContent(int depth, out ByteRange text)
    {
        text = default;
        if (depth > MaxDepth)
        {
            return ToHeaderRewriteError.Unsupported;
        }

        while (true)
        {
            var record = _cursor.Peek();
            if (record == Msbin1Records.EndElement)
            {
                _cursor.ReadByte();
                return ToHeaderRewriteError.None;
            }

            if (Msbin1Records.IsElement(record))
            {
                if (!SkipStartElement())
                {
                    return ToHeaderRewriteError.Malformed;
                }

                var error = SkipElementContent(depth + 1, out _);
                if (error != ToHeaderRewriteError.None)
                {
                    return error;
                }

                continue;
            }

            if (!SkipContentRecord(out var ended))
            {
                return ToHeaderRewriteError.Malformed;
            }

            if (ended)
            {
                return ToHeaderRewriteError.None;
            }
        }
    }

    /// <summary>Reads an element start record and its attributes, keeping namespace declarations at <paramref name="depth"/>.</summary>
    private bool ReadStartElement(int depth, out Msbin1Name name, out Msbin1Prefix prefix)
    {
        name = default;
        prefix = default;
        var record = _cursor.ReadByte();
        if (_cursor.Truncated || !Msbin1Records.IsElement(record))
        {
            return false;
        }

        ReadElementName(record, out name, out prefix);
        return !_cursor.Truncated && ReadAttributes(depth, keep: true);
    }

    private bool SkipStartElement()
    {
        var record = _cursor.ReadByte();
        if (_cursor.Truncated || !Msbin1Records.IsElement(record))
        {
            return false;
        }

        ReadElementName(record, out _, out _);
        return !_cursor.Truncated && ReadAttributes(depth: 0, keep: false);
    }

    private void ReadElementName(byte record, out Msbin1Name name, out Msbin1Prefix prefix)
    {
        switch (record)
        {
            case 0x40:
                prefix = Msbin1Prefix.None;
                name = Msbin1Name.FromInline(_cursor.ReadString());
                break;
            case 0x41:
                prefix = Msbin1Prefix.FromInline(_cursor.ReadString());
                name = Msbin1Name.FromInline(_cursor.ReadString());
                break;
            case 0x42:
                prefix = Msbin1Prefix.None;
                name = Msbin1Name.FromDictionary(_cursor.ReadMultiByteInt31());
                break;
            case 0x43:
                prefix = Msbin1Prefix.FromInline(_cursor.ReadString());
                name = Msbin1Name.FromDictionary(_cursor.ReadMultiByteInt31());
                break;
            case <= 0x5D:
                prefix = Msbin1Prefix.FromLetter(record - 0x44);
                name = Msbin1Name.FromDictionary(_cursor.ReadMultiByteInt31());
                break;
            default:
                prefix = Msbin1Prefix.FromLetter(record - 0x5E);
                name = Msbin1Name.FromInline(_cursor.ReadString());
                break;
        }
    }

    private bool ReadAttributes(int depth, bool keep)
    {
        while (Msbin1Records.IsAttribute(_cursor.Peek()))
        {
            var record = _cursor.ReadByte();
            switch (record)
            {
                case 0x04:
                    _cursor.ReadString();
                    break;
                case 0x05:
                    _cursor.ReadString();
                    _cursor.ReadString();
                    break;
                case 0x06:
                    _cursor.ReadMultiByteInt31();
                    break;
                case 0x07:
                    _cursor.ReadString();
                    _cursor.ReadMultiByteInt31();
                    break;
                case 0x08:
                    Declare(keep, Msbin1Prefix.None, Msbin1Name.FromInline(_cursor.ReadString()), depth);
                    continue;
                case 0x09:
                    var prefix = Msbin1Prefix.FromInline(_cursor.ReadString());
                    Declare(keep, prefix, Msbin1Name.FromInline(_cursor.ReadString()), depth);
                    continue;
                case 0x0A:
                    Declare(keep, Msbin1Prefix.None, Msbin1Name.FromDictionary(_cursor.ReadMultiByteInt31()), depth);
                    continue;
                case 0x0B:
                    var dictionaryPrefix = Msbin1Prefix.FromInline(_cursor.ReadString());
                    Declare(keep, dictionaryPrefix, Msbin1Name.FromDictionary(_cursor.ReadMultiByteInt31()), depth);
                    continue;
                case <= 0x25:
                    _cursor.ReadMultiByteInt31();
                    break;
                default:
                    _cursor.ReadString();
                    break;
            }

            // Every attribute but a declaration carries its value as one text record.
            if (_cursor.Truncated || !SkipAttributeValue())
            {
                return false;
            }
        }

        return !_cursor.Truncated && _declarationCount >= 0;
    }

    private bool SkipAttributeValue()
    {
        var record = _cursor.Peek();
        if (record < 0)
        {
            // The value is not in these bytes (yet): truncated, not malformed.
            _cursor.ReadByte();
            return false;
        }

        // Attribute values use the plain (even) text records only.
        return Msbin1Records.IsText(record) && (record & 1) == 0 && SkipContentRecord(out _);
    }

    /// <summary>Skips one text, comment or array record; <paramref name="endsElement"/> tells whether it closed the element.</summary>
    private bool SkipContentRecord(out bool endsElement)
    {
        endsElement = false;
        var record = _cursor.ReadByte();
        if (_cursor.Truncated)
        {
            return false;
        }

        if (record == Msbin1Records.Comment)
        {
            _cursor.ReadString();
            return !_cursor.Truncated;
        }

        if (record == Msbin1Records.Array)
        {
            return SkipArray();
        }

        if (!Msbin1Records.IsText(record))
        {
            return false;
        }

        endsElement = (record & 1) == 1;
        var payload = Msbin1Records.TextPayload(record);
        if (payload >= 0)
        {
            _cursor.Skip(payload);
        }
        else if (payload != int.MinValue)
        {
            _cursor.Skip(_cursor.ReadLength(-payload));
        }
        else if ((record & 0xFE) == 0xAA)
        {
            _cursor.ReadMultiByteInt31();
        }
        else if ((record & 0xFE) == 0xBC)
        {
            _cursor.ReadByte();
            _cursor.ReadMultiByteInt31();
        }
        else if (record == Msbin1Records.StartListText)
        {
            return SkipList();
        }
        else if (record != Msbin1Records.EndListText)
        {
            return false;
        }

        return !_cursor.Truncated;
    }

    private bool SkipList()
    {
        while (true)
        {
            var record = _cursor.Peek();
            if (record == Msbin1Records.EndListText)
            {
                _cursor.ReadByte();
                return true;
            }

            if (!Msbin1Records.IsText(record) || record == Msbin1Records.StartListText || (record & 1) == 1 || !SkipContentRecord(out _))
            {
                return false;
            }
        }
    }

    /// <summary>An Array record: one element (start, attributes, EndElement), then a text type, a count and the items.</summary>
    private bool SkipArray()
    {
        if (!SkipStartElement() || _cursor.ReadByte() != Msbin1Records.EndElement)
        {
            return false;
        }

        var type = _cursor.ReadByte();
        var size = Msbin1Records.TextPayload(type);
        var count = _cursor.ReadMultiByteInt31();
        if (_cursor.Truncated || size <= 0)
        {
            return false;
        }

        _cursor.Skip((long)size * count);
        return !_cursor.Truncated;
    }

    private void Declare(bool keep, Msbin1Prefix prefix, Msbin1Name ns, int depth)
    {
        if (!keep || _cursor.Truncated)
        {
            return;
        }

        if (_declarationCount == _declarations.Length)
        {
            // More declarations than any WCF envelope has: give up rather than resolve a prefix wrongly.
            _declarationCount = -1;
            return;
        }

        if (_declarationCount >= 0)
        {
            _declarations[_declarationCount++] = new Msbin1Declaration(prefix, ns, depth);
        }
    }

    private void PopDeclarations(int depth)
    {
        while (_declarationCount > 0 && _declarations[_declarationCount - 1].Depth >= depth)
        {
            _declarationCount--;
        }
    }

    private readonly Msbin1Name? Resolve(Msbin1Prefix prefix)
    {
        for (var i = _declarationCount - 1; i >= 0; i--)
        {
            if (_declarations[i].Prefix.SameAs(prefix, _data))
            {
                return _declarations[i].Namespace;
            }
        }

        return null;
    }
}
