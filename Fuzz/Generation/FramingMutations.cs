using System.Text;
using SoapRouter.Wire.Framing;

namespace SoapRouter.Fuzz.Generation;

/// <summary>
/// Mutations that know [MC-NMF]: a session is a list of records (Version, Mode, Via, encoding, Preamble End or Upgrade
/// Request, Sized Envelopes, End); records are dropped, repeated, swapped, inserted with any type and size, given
/// malformed or huge sizes, a hostile Via, a bad mode or version, an envelope mutated as msbinsession1, or garbage in
/// the middle of the session after a good envelope.
/// </summary>
internal static class FramingMutations
{
    /// <summary>One mutation of <paramref name="records"/> (each element one whole record), in place.</summary>
    public static void Apply(Random random, List<byte[]> records, StringBuilder described)
    {
        if (records.Count == 0)
        {
            records.Add([FuzzDictionary.FramingRecordTypes[random.Next(FuzzDictionary.FramingRecordTypes.Length)]]);
            return;
        }

        var i = random.Next(records.Count);
        switch (random.Next(9))
        {
            case 0:
                described.Append("drop#").Append(i).Append(' ');
                records.RemoveAt(i);
                break;
            case 1:
                var times = random.SkewedLength(1000);
                described.Append("repeat#").Append(i).Append('×').Append(times).Append(' ');
                records.InsertRange(i, Enumerable.Repeat(records[i], times));
                break;
            case 2:
                var j = random.Next(records.Count);
                described.Append("swap#").Append(i).Append(',').Append(j).Append(' ');
                (records[i], records[j]) = (records[j], records[i]);
                break;
            case 3:
                var type = FuzzDictionary.FramingRecordTypes[random.Next(FuzzDictionary.FramingRecordTypes.Length)];
                var tail = new byte[random.SkewedLength(256)];
                random.NextBytes(tail);
                described.Append($"insert 0x{type:X2}#{i} ");
                records.Insert(i, [type, .. FuzzDictionary.MultiByteInt(random), .. tail]);
                break;
            case 4:
                // A sized record (Via, Extensible Encoding, Upgrade Request, Sized Envelope) whose size lies.
                var sized = records.FindIndex(r => r.Length > 1 && r[0] is 0x02 or 0x04 or 0x06 or 0x09);
                if (sized < 0)
                {
                    goto case 3;
                }

                described.Append("size#").Append(sized).Append(' ');
                records[sized] = [records[sized][0], .. FuzzDictionary.MultiByteInt(random), .. records[sized].AsSpan(1 + SizeLength(records[sized]))];
                break;
            case 5:
                var envelope = records.FindIndex(r => r.Length > 1 && r[0] == 0x06);
                if (envelope < 0)
                {
                    goto case 3;
                }

                var payload = records[envelope].AsSpan(1 + SizeLength(records[envelope])).ToArray();
                described.Append("envelope#").Append(envelope).Append(": ");
                var mutated = random.Next(3) == 0
                    ? ByteMutations.Apply(random, payload, static r => [FuzzDictionary.BinaryRecordTypes[r.Next(FuzzDictionary.BinaryRecordTypes.Length)]], payload, described)
                    : BinaryXmlMutations.Apply(random, payload, session: true, described);
                records[envelope] = [0x06, .. FuzzDictionary.Encode(mutated.Length), .. mutated];
                break;
            case 6:
                var via = records.FindIndex(r => r.Length > 1 && r[0] == 0x02);
                if (via < 0)
                {
                    goto case 3;
                }

                var hostile = random.Next(5) switch
                {
                    0 => "net.tcp://127.0.0.1/" + new string('a', random.SkewedLength(3_000_000)),
                    1 => "not a uri",
                    2 => "http://127.0.0.1/fuzz",
                    3 => "net.tcp://[::1/x",
                    _ => Encoding.Latin1.GetString([0xC3, 0x28, 0xFF, 0xFE]),
                };
                var bytes = Encoding.UTF8.GetBytes(hostile);
                described.Append("via ").Append(Math.Min(hostile.Length, 24)).Append(' ');
                records[via] = [0x02, .. FuzzDictionary.Encode(bytes.Length), .. bytes];
                break;
            case 7:
                // Version, Mode or Known Encoding with another value.
                var fixedRecord = records.FindIndex(r => r.Length >= 2 && r[0] is 0x00 or 0x01 or 0x03);
                if (fixedRecord < 0)
                {
                    goto case 3;
                }

                var changed = (byte[])records[fixedRecord].Clone();
                changed[1 + random.Next(changed.Length - 1)] = (byte)random.Next(256);
                described.Append("value#").Append(fixedRecord).Append(' ');
                records[fixedRecord] = changed;
                break;
            default:
                // A bad record in the middle of a session: after the first envelope, garbage.
                var first = records.FindIndex(r => r.Length > 0 && r[0] == 0x06);
                var garbage = new byte[1 + random.SkewedLength(512)];
                random.NextBytes(garbage);
                described.Append("garbage-after#").Append(first).Append(' ');
                records.Insert(first < 0 ? records.Count : first + 1, garbage);
                break;
        }
    }

    /// <summary>The length of the multi-byte size after a sized record's type octet (a malformed one: what is there, up to five).</summary>
    private static int SizeLength(byte[] record) =>
        SizePrefix.Read(record.AsSpan(1), out _) is > 0 and var length ? length : Math.Min(record.Length - 1, MultiByteInt31.MaxLength);
}
