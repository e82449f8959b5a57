using SoapRouter.Wire.Framing;
using static SoapRouter.Wire.Binary.Msbin1Records;

namespace SoapRouter.Wire.Binary;

/// <summary>
/// One pass over a payload's msbin1 records with the grammar WCF's XmlBinaryReader reads them by: element records
/// followed by their attribute records, attribute values and list items as plain (even) text records, Array records as
/// one element, EndElement, a value type and a count. Records that name a session string (an odd dictionary id) are
/// written in their inline form; every other byte is copied in runs. Whatever the walk cannot place (an unknown record
/// type, a record past the end, an id past the session's strings, a length WCF refuses) stops it with a problem.
/// </summary>
internal ref struct SessionRecordWalk
{
    private const string PastTheEnd = "a record runs past the end of the payload";
    private const string TooLong = "the translation is longer than the largest message allowed";

    private readonly ReadOnlySpan<byte> _records;
    private readonly SessionStrings _strings;
    private Msbin1Cursor _cursor;
    private TranslationOutput _output;
    private int _copied;
    private int _recordStart;
    private string? _problem;

    /// <summary>A walk over <paramref name="records"/> with <paramref name="strings"/>, writing to <paramref name="output"/>.</summary>
    public SessionRecordWalk(ReadOnlySpan<byte> records, SessionStrings strings, TranslationOutput output)
    {
        _records = records;
        _strings = strings;
        _cursor = new Msbin1Cursor(records);
        _output = output;
    }

    /// <summary>Where a text record stands: WCF's reader takes fewer record types in attribute values and lists.</summary>
    private enum TextPlace
    {
        Node,
        AttributeValue,
        ListItem,
    }

    /// <summary>Translates every record; the output's buffer is handed over on success and returned on failure.</summary>
    public SessionTranslation Run() =>
        Records() && CopyTo(_records.Length) ? _output.Complete() : _output.Abandon(_problem!, _recordStart);

    private bool Records()
    {
        while (!_cursor.AtEnd)
        {
            var start = _cursor.Position;
            _recordStart = start;
            var record = _cursor.ReadByte();
            var ok = record switch
            {
                EndElement => true,
                Comment => String(),
                Msbin1Records.Array => ArrayRecord(),
                _ when IsElement(record) => ElementRecord(start, record),
                _ when IsText(record) => Text(start, record, TextPlace.Node),
                _ => Fail($"unknown record type 0x{record:X2} at offset {start}"),
            };
            if (!ok)
            {
                return false;
            }
        }

        return true;
    }

    /// <summary>An element record (its type byte read) and the attribute records after it.</summary>
    private bool ElementRecord(int start, byte record)
    {
        var named = record switch
        {
            ShortElement => String(),
            Element => String() && String(),
            ShortDictionaryElement => Name(start, ShortElement),
            DictionaryElement => String() && Name(start, Element),
            < PrefixElementA => Name(start, (byte)(record - PrefixDictionaryElementA + PrefixElementA)),
            _ => String(),
        };
        if (!named)
        {
            return false;
        }

        while (IsAttribute(_cursor.Peek()))
        {
            if (!AttributeRecord())
            {
                return false;
            }
        }

        return true;
    }

    private bool AttributeRecord()
    {
        var start = _cursor.Position;
        var record = _cursor.ReadByte();
        return record switch
        {
            ShortAttribute => String() && Value(),
            Msbin1Records.Attribute => String() && String() && Value(),
            ShortDictionaryAttribute => Name(start, ShortAttribute) && Value(),
            DictionaryAttribute => String() && Name(start, Msbin1Records.Attribute) && Value(),
            ShortXmlnsAttribute => String(),
            XmlnsAttribute => String() && String(),
            ShortDictionaryXmlnsAttribute => Name(start, ShortXmlnsAttribute),
            DictionaryXmlnsAttribute => String() && Name(start, XmlnsAttribute),
            < PrefixAttributeA => Name(start, (byte)(record - PrefixDictionaryAttributeA + PrefixAttributeA)) && Value(),
            _ => String() && Value(),
        };
    }

    /// <summary>An attribute's value: one plain text record.</summary>
    private bool Value()
    {
        var start = _cursor.Position;
        var record = _cursor.ReadByte();
        return !_cursor.Truncated ? Text(start, record, TextPlace.AttributeValue) : Fail(PastTheEnd);
    }

    /// <summary>
    /// Array ([MC-NBFX] 2.2.3.31), its type byte read: an element with its attributes (whose names may be session
    /// strings), EndElement, a value type WCF takes in arrays, a count of at least one, and the fixed-size values.
    /// </summary>
    private bool ArrayRecord()
    {
        var start = _cursor.Position;
        var record = _cursor.ReadByte();
        if (!IsElement(record))
        {
            return Fail("an Array record does not start with an element");
        }

        if (!ElementRecord(start, record))
        {
            return false;
        }

        if (_cursor.ReadByte() != EndElement)
        {
            return Fail("an Array record's element is not ended before its values");
        }

        var size = ArrayValueSize(_cursor.ReadByte());
        if (size == 0)
        {
            return Fail("an Array record's values are of a type WCF's reader refuses in arrays");
        }

        var count = _cursor.ReadMultiByteInt31();
        if (count == 0)
        {
            return Fail("an Array record has no values");
        }

        _cursor.Skip((long)count * size);
        return !_cursor.Truncated || Fail(PastTheEnd);
    }

    /// <summary>A text record, its type byte read, standing at <paramref name="place"/>.</summary>
    private bool Text(int start, byte record, TextPlace place)
    {
        if (!IsText(record))
        {
            return Fail($"record type 0x{record:X2} at offset {start} is not the text record expected");
        }

        var endsElement = (record & 1) != 0;
        if (endsElement && place != TextPlace.Node)
        {
            return Fail("a text record that ends an element stands in an attribute value or a list");
        }

        switch (record & 0xFE)
        {
            case DictionaryText:
                return DictionaryString(start, endsElement, prefix: -1);
            case QNameDictionaryText:
                var prefix = _cursor.ReadByte();
                return prefix < PrefixLetters ? DictionaryString(start, endsElement, prefix) : Fail("a QName text record's prefix is not a letter");
            case StartListText:
                return !endsElement && place != TextPlace.ListItem ? List() : Fail("a list record stands where WCF's reader refuses it");
            case EndListText:
                return Fail("a list ends where none started");
        }

        var payload = TextPayload(record);
        var length = payload >= 0 ? payload : _cursor.ReadLength(-payload);
        if (length < 0)
        {
            return Fail("a text record's length is negative");
        }

        _cursor.Skip(length);
        return !_cursor.Truncated || Fail(PastTheEnd);
    }

    /// <summary>A list's items (its StartListText read) up to and with its EndListText.</summary>
    private bool List()
    {
        while (true)
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

            if (!Text(start, record, TextPlace.ListItem))
            {
                return false;
            }
        }
    }

    /// <summary>
    /// The dictionary id of a DictionaryText or QNameDictionaryText record starting at <paramref name="start"/>: a
    /// session string becomes a Chars text record of the same text (a QName's as "p:name", the text WCF's reader reports).
    /// </summary>
    private bool DictionaryString(int start, bool endsElement, int prefix)
    {
        if (!SessionString(out var text))
        {
            return _problem is null;
        }

        var length = text.Length + (prefix < 0 ? 0 : 2);
        if (!CopyTo(start) || !_output.TryTake(CharsHeadLength(length) + length, out var output))
        {
            return Fail(TooLong);
        }

        var written = WriteCharsHead(output, length, endsElement);
        if (prefix >= 0)
        {
            output[written++] = (byte)('a' + prefix);
            output[written++] = (byte)':';
        }

        text.CopyTo(output[written..]);
        _copied = _cursor.Position;
        return true;
    }

    /// <summary>
    /// The dictionary id of a name in the record starting at <paramref name="start"/>: a session string is written
    /// inline as record <paramref name="inlineRecord"/>, keeping the bytes between the type and the id (a prefix).
    /// </summary>
    private bool Name(int start, byte inlineRecord)
    {
        var idStart = _cursor.Position;
        if (!SessionString(out var text))
        {
            return _problem is null;
        }

        var between = _records[(start + 1)..idStart];
        var length = 1 + between.Length + MultiByteInt31.GetByteCount(text.Length) + text.Length;
        if (!CopyTo(start) || !_output.TryTake(length, out var output))
        {
            return Fail(TooLong);
        }

        output[0] = inlineRecord;
        between.CopyTo(output[1..]);
        var written = 1 + between.Length;
        written += MultiByteInt31.Write(output[written..], text.Length);
        text.CopyTo(output[written..]);
        _copied = _cursor.Position;
        return true;
    }

    /// <summary>
    /// Reads a dictionary id; true with its text when it names a session string. False with no problem for a static
    /// id (copied as it is), false with a problem for an id that is malformed or past the session's strings.
    /// </summary>
    private bool SessionString(out ReadOnlySpan<byte> text)
    {
        text = default;
        var id = _cursor.ReadMultiByteInt31();
        if (_cursor.Truncated)
        {
            return Fail(PastTheEnd);
        }

        if ((id & 1) == 0)
        {
            return false;
        }

        var index = id >> 1;
        if (index >= _strings.Count)
        {
            return Fail($"session dictionary id {index} is past the session's {_strings.Count} strings");
        }

        text = _strings[index];
        return true;
    }

    /// <summary>Copies the input not yet written, up to <paramref name="end"/>.</summary>
    private bool CopyTo(int end)
    {
        if (end > _copied && !_output.TryWrite(_records[_copied..end]))
        {
            return Fail(TooLong);
        }

        _copied = Math.Max(_copied, end);
        return true;
    }

    private bool String()
    {
        _cursor.ReadString();
        return !_cursor.Truncated || Fail(PastTheEnd);
    }

    /// <summary>Stops the walk with <paramref name="problem"/> (or with running past the end, when that came first).</summary>
    private bool Fail(string problem)
    {
        _problem ??= _cursor.Truncated ? PastTheEnd : problem;
        return false;
    }
}
