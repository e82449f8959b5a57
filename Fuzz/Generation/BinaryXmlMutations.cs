using System.Text;

namespace SoapRouter.Fuzz.Generation;

/// <summary>
/// Mutations that know msbin1 ([MC-NBFX]/[MC-NBFS]): records of any type with boundary or malformed sizes, dictionary
/// ids past WCF's static dictionary (or, in a session, past the strings sent so far), text records claiming more than
/// there is, arrays with huge counts, deep nesting of short elements; for msbinsession1 the string table in front of
/// each envelope too.
/// </summary>
internal static class BinaryXmlMutations
{
    /// <summary>One structure-aware mutation of the msbin1 envelope <paramref name="envelope"/> (<paramref name="session"/>: with its string table).</summary>
    public static byte[] Apply(Random random, byte[] envelope, bool session, StringBuilder described)
    {
        var at = random.Next(envelope.Length + 1);
        switch (random.Next(session ? 7 : 6))
        {
            case 0:
                var type = FuzzDictionary.BinaryRecordTypes[random.Next(FuzzDictionary.BinaryRecordTypes.Length)];
                var size = FuzzDictionary.MultiByteInt(random);
                var tail = new byte[random.SkewedLength(64)];
                random.NextBytes(tail);
                described.Append($"record 0x{type:X2}@{at} ");
                return ByteMutations.Insert(envelope, at, [type, .. size, .. tail]);
            case 1:
                // A dictionary element or attribute (0x42-0x45 and the prefix forms 0x0C-0x25, 0x44-0x5D) with another id.
                var record = FindRecord(envelope, random, static b => b is >= 0x42 and <= 0x5D or >= 0x0C and <= 0x25);
                if (record < 0)
                {
                    goto case 0;
                }

                var id = FuzzDictionary.MultiByteInt(random);
                described.Append($"dictionary-id@{record} ");
                return [.. envelope.AsSpan(0, record + 1), .. id, .. envelope.AsSpan(Math.Min(envelope.Length, record + 2))];
            case 2:
                // A text record (Chars8/16/32, Bytes8/16/32) whose length claims more or less than follows.
                var text = FindRecord(envelope, random, static b => b is >= 0x98 and <= 0x9F);
                if (text < 0)
                {
                    goto case 0;
                }

                described.Append($"text-length@{text} ");
                return [.. envelope.AsSpan(0, text + 1), .. FuzzDictionary.MultiByteInt(random), .. envelope.AsSpan(Math.Min(envelope.Length, text + 2))];
            case 3:
                var depth = random.SkewedLength(200_000);
                var closed = random.Next(2) == 0;
                described.Append("nest×").Append(depth).Append(closed ? " closed " : " open ");
                byte[] element = [0x40, 0x01, (byte)'a'];
                var nesting = ByteMutations.Repeat(element, depth);
                return ByteMutations.Insert(envelope, at, closed ? [.. nesting, .. ByteMutations.Repeat([0x01], depth)] : nesting);
            case 4:
                // Array: an element, then a value record type and a count ([MC-NBFX] 2.2.3.31).
                described.Append($"array@{at} ");
                return ByteMutations.Insert(envelope, at, [0x03, 0x40, 0x01, (byte)'a', 0x01, (byte)(0x8A + 2 * random.Next(10)), .. FuzzDictionary.MultiByteInt(random)]);
            case 5:
                var chars = random.SkewedLength(6 * 1024 * 1024);
                described.Append("chars32×").Append(chars).Append(' ');
                var huge = new byte[5 + chars];
                huge[0] = 0x9C;
                BitConverter.TryWriteBytes(huge.AsSpan(1), chars);
                huge.AsSpan(5).Fill((byte)'A');
                return ByteMutations.Insert(envelope, at, huge);
            default:
                return SessionStringTable(random, envelope, described);
        }
    }

    /// <summary>A session envelope's string table ([MC-NBFS] 2.1: its size, then sized UTF-8 strings) replaced by a hostile one.</summary>
    private static byte[] SessionStringTable(Random random, byte[] envelope, StringBuilder described)
    {
        var table = new List<byte>();
        var strings = random.SkewedLength(50_000);
        for (var i = 0; i < strings; i++)
        {
            var s = random.Next(3) == 0 ? FuzzDictionary.TextToken(random) : Encoding.UTF8.GetBytes($"s{i}");
            table.AddRange(FuzzDictionary.Encode(s.Length));
            table.AddRange(s);
        }

        var declared = random.Next(3) == 0 ? FuzzDictionary.MultiByteInt(random) : FuzzDictionary.Encode(table.Count);
        described.Append("string-table×").Append(strings).Append(' ');

        // The original table's size is its first multi-byte integer; keep the envelope after it.
        var skip = SizePrefix.Read(envelope, out var length);
        // In long: a mutated size near int.MaxValue plus its prefix overflowed int and aborted the driver at input ~45,000
        // of the netTcp target (an ArgumentOutOfRangeException from the slice below).
        var rest = (int)Math.Min(envelope.Length, (long)skip + Math.Max(0, length));
        return [.. declared, .. table, .. envelope.AsSpan(rest)];
    }

    /// <summary>The offset of a random octet matching <paramref name="isRecord"/>, or -1.</summary>
    private static int FindRecord(byte[] envelope, Random random, Func<byte, bool> isRecord)
    {
        var start = random.Next(Math.Max(1, envelope.Length));
        for (var i = 0; i < envelope.Length; i++)
        {
            var at = (start + i) % envelope.Length;
            if (isRecord(envelope[at]))
            {
                return at;
            }
        }

        return -1;
    }
}
