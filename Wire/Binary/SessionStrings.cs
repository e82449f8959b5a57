using System.Text.Unicode;

namespace SoapRouter.Wire.Binary;

/// <summary>
/// One direction of one msbinsession1 session's dynamic dictionary ([MC-NBFSE] 2.1): the strings each payload's table
/// appends, numbered 0, 1, 2, ... across the whole session; a record's odd dictionary id 2n+1 names string n. Reads
/// tables as WCF's session encoder does (BinaryMessageEncoder.ExtractSessionInformationFromMessage) and refuses what it
/// refuses: a table larger than the payload, an entry longer than the table, a malformed size, more table bytes over
/// the session than <see cref="MaxSessionSize"/>, and, once one table failed, every later one (WCF marks its reader
/// session invalid). Empty tables, empty strings and duplicates are accepted, as WCF accepts them. Like WCF, invalid
/// UTF-8 is kept as its decoding with U+FFFD replacements (Encoding.UTF8.GetString), so the bytes held are always valid
/// UTF-8. Not thread-safe: one session's reader appends and looks up. The strings live in one growing array.
/// </summary>
public sealed class SessionStrings
{
    /// <summary>WCF's default MaxSessionSize (BinaryMessageEncodingBindingElement): table bytes a session may carry.</summary>
    public const int DefaultMaxSessionSize = 2048;

    // XmlDictionaryString.MaxKey is int.MaxValue / 4: WCF's reader session cannot number a string past it.
    private const int MaxCount = (int.MaxValue / 4) + 1;

    private byte[] _bytes = [];
    private int[] _ends = [];
    private int _byteCount;
    private string? _broken;

    /// <summary>An empty dictionary whose tables may add up to <paramref name="maxSessionSize"/> bytes.</summary>
    public SessionStrings(int maxSessionSize = DefaultMaxSessionSize)
    {
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(maxSessionSize);
        MaxSessionSize = maxSessionSize;
        RemainingSessionSize = maxSessionSize;
    }

    /// <summary>The most table bytes (sizes and strings) the whole session may carry, as WCF's reader counts them.</summary>
    public int MaxSessionSize { get; }

    /// <summary>Table bytes still allowed.</summary>
    public int RemainingSessionSize { get; private set; }

    /// <summary>How many strings the session has.</summary>
    public int Count { get; private set; }

    /// <summary>The UTF-8 bytes of all strings together.</summary>
    public int ByteCount => _byteCount;

    /// <summary>True once a table was refused: WCF's reader refuses every later payload of the session.</summary>
    public bool IsBroken => _broken is not null;

    /// <summary>String <paramref name="index"/> (0-based, in the order tables added them) as UTF-8.</summary>
    public ReadOnlySpan<byte> this[int index]
    {
        get
        {
            ArgumentOutOfRangeException.ThrowIfNegative(index);
            ArgumentOutOfRangeException.ThrowIfGreaterThanOrEqual(index, Count);
            var start = index == 0 ? 0 : _ends[index - 1];
            return _bytes.AsSpan(start, _ends[index] - start);
        }
    }

    /// <summary>
    /// Reads the string table at the start of <paramref name="payload"/> (a MultiByteInt31 byte size, then entries of a
    /// MultiByteInt31 length and UTF-8 bytes) and appends its strings. <paramref name="recordsStart"/> is where the
    /// records begin. When WCF's reader would refuse the table, returns false with <paramref name="problem"/>, appends
    /// nothing and refuses every later table.
    /// </summary>
    public bool TryReadTable(ReadOnlySpan<byte> payload, out int recordsStart, out string? problem)
    {
        recordsStart = 0;
        problem = _broken is not null ? "an earlier string table of the session was refused (" + _broken + ")" : ReadTable(payload, out recordsStart);
        if (problem is not null)
        {
            _broken ??= problem;
            return false;
        }

        return true;
    }

    private string? ReadTable(ReadOnlySpan<byte> payload, out int recordsStart)
    {
        recordsStart = 0;
        if (payload.IsEmpty)
        {
            return "the payload is empty";
        }

        var cursor = new Msbin1Cursor(payload);
        var tableSize = cursor.ReadMultiByteInt31();
        if (cursor.Truncated)
        {
            return "the string table's size is not a MultiByteInt31";
        }

        if (tableSize > payload.Length - cursor.Position)
        {
            return "the string table is larger than the payload";
        }

        if (tableSize > RemainingSessionSize)
        {
            return $"the session's string tables pass MaxSessionSize ({MaxSessionSize} bytes)";
        }

        var tableStart = cursor.Position;
        var problem = Append(payload.Slice(tableStart, tableSize));
        if (problem is not null)
        {
            return problem;
        }

        RemainingSessionSize -= tableSize;
        recordsStart = tableStart + tableSize;
        return null;
    }

    /// <summary>Appends every entry of <paramref name="table"/>, or none when one is malformed.</summary>
    private string? Append(ReadOnlySpan<byte> table)
    {
        var count = Count;
        var byteCount = _byteCount;
        var cursor = new Msbin1Cursor(table);
        while (!cursor.AtEnd)
        {
            var entry = cursor.ReadString();
            string? problem = cursor.Truncated ? "a string table entry runs past the table"
                : Count == MaxCount ? "the session has more strings than WCF's reader can number"
                : null;
            if (problem is not null)
            {
                Count = count;
                _byteCount = byteCount;
                return problem;
            }

            Add(entry.Of(table));
        }

        return null;
    }

    private void Add(ReadOnlySpan<byte> utf8)
    {
        if (Utf8.IsValid(utf8))
        {
            Store(utf8);
        }
        else
        {
            // Cold path: WCF decodes with replacement characters; keep exactly what it decoded.
            Store(System.Text.Encoding.UTF8.GetBytes(System.Text.Encoding.UTF8.GetString(utf8)));
        }
    }

    private void Store(ReadOnlySpan<byte> utf8)
    {
        if (_byteCount + utf8.Length > _bytes.Length)
        {
            Array.Resize(ref _bytes, Math.Max(_byteCount + utf8.Length, Math.Max(256, _bytes.Length * 2)));
        }

        if (Count == _ends.Length)
        {
            Array.Resize(ref _ends, Math.Max(16, _ends.Length * 2));
        }

        utf8.CopyTo(_bytes.AsSpan(_byteCount));
        _byteCount += utf8.Length;
        _ends[Count++] = _byteCount;
    }
}
