using System.Buffers.Binary;
using System.Buffers.Text;
using System.Globalization;

namespace SoapRouter.Wire.Binary;

/// <summary>
/// The text WCF reports for the fixed-size value of a typed msbin1 text record ([MC-NBFX] 2.2.3): what its binary
/// reader gives as the node's value and its text writer writes for the same value in an array (XmlConverter's
/// formats: invariant integers, "R" floating point with INF/-INF, decimal's general format, true/false, GUIDs as "D",
/// UniqueIds as urn:uuid:, DateTime as yyyy-MM-ddTHH:mm:ss with trimmed fraction and Z for UTC, TimeSpan as the XSD
/// duration XmlConvert writes). Values whose text this cannot match exactly are refused: local DateTimes (the text
/// depends on the machine's time zone), decimals and bools outside the format.
/// </summary>
internal static class Msbin1TextValues
{
    /// <summary>Enough for any value this formats (a UniqueId, 45 bytes, is the longest).</summary>
    public const int MaxLength = 64;

    private const long TicksPerSecond = TimeSpan.TicksPerSecond;
    private const ulong KindMask = 0xC000_0000_0000_0000;
    private const ulong UtcKind = 0x4000_0000_0000_0000;

    /// <summary>
    /// Formats the <paramref name="payload"/> of text record type <paramref name="record"/> (either form, plain or
    /// WithEndElement) into <paramref name="text"/>; false for types with other layouts and values refused.
    /// </summary>
    public static bool TryFormat(int record, ReadOnlySpan<byte> payload, Span<byte> text, out int written)
    {
        written = 0;
        switch (record & 0xFE)
        {
            case 0x80:
                return Literal("0"u8, text, out written);
            case 0x82:
                return Literal("1"u8, text, out written);
            case 0x84:
                return Literal("false"u8, text, out written);
            case 0x86:
                return Literal("true"u8, text, out written);
            case 0x88:
                return Utf8Formatter.TryFormat((sbyte)payload[0], text, out written);
            case 0x8A:
                return Utf8Formatter.TryFormat(BinaryPrimitives.ReadInt16LittleEndian(payload), text, out written);
            case 0x8C:
                return Utf8Formatter.TryFormat(BinaryPrimitives.ReadInt32LittleEndian(payload), text, out written);
            case 0x8E:
                return Utf8Formatter.TryFormat(BinaryPrimitives.ReadInt64LittleEndian(payload), text, out written);
            case 0x90:
                return Single(BinaryPrimitives.ReadSingleLittleEndian(payload), text, out written);
            case 0x92:
                return Double(BinaryPrimitives.ReadDoubleLittleEndian(payload), text, out written);
            case 0x94:
                return Decimal(payload, text, out written);
            case 0x96:
                return DateTime(BinaryPrimitives.ReadUInt64LittleEndian(payload), text, out written);
            case 0xAE:
                return Duration(BinaryPrimitives.ReadInt64LittleEndian(payload), text, out written);
            case 0xAC:
                return UniqueId(payload, text, out written);
            case 0xB0:
                return new Guid(payload).TryFormat(text, out written, "D");
            case 0xB2:
                return Utf8Formatter.TryFormat(BinaryPrimitives.ReadUInt64LittleEndian(payload), text, out written);
            case 0xB4:
                return payload[0] <= 1 && Literal(payload[0] == 0 ? "false"u8 : "true"u8, text, out written);
            default:
                return false;
        }
    }

    private static bool Literal(ReadOnlySpan<byte> literal, Span<byte> text, out int written)
    {
        written = literal.Length;
        return literal.TryCopyTo(text);
    }

    /// <summary>A UniqueId as WCF writes one that holds a GUID: urn:uuid: and the GUID's "D" form.</summary>
    private static bool UniqueId(ReadOnlySpan<byte> payload, Span<byte> text, out int written)
    {
        written = 0;
        var scheme = "urn:uuid:"u8;
        if (!scheme.TryCopyTo(text) || !new Guid(payload).TryFormat(text[scheme.Length..], out var guid, "D"))
        {
            return false;
        }

        written = scheme.Length + guid;
        return true;
    }

    private static bool Single(float value, Span<byte> text, out int written) => float.IsInfinity(value)
        ? Literal(value < 0 ? "-INF"u8 : "INF"u8, text, out written)
        : value.TryFormat(text, out written, "R", NumberFormatInfo.InvariantInfo);

    private static bool Double(double value, Span<byte> text, out int written) => double.IsInfinity(value)
        ? Literal(value < 0 ? "-INF"u8 : "INF"u8, text, out written)
        : value.TryFormat(text, out written, "R", NumberFormatInfo.InvariantInfo);

    /// <summary>System.Decimal's layout: flags (two zero bytes, the scale, the sign), then the high, low and middle 32 bits.</summary>
    private static bool Decimal(ReadOnlySpan<byte> payload, Span<byte> text, out int written)
    {
        written = 0;
        var flags = BinaryPrimitives.ReadInt32LittleEndian(payload);
        var scale = (byte)(flags >> 16);
        if ((flags & 0x7F00_FFFF) != 0 || scale > 28)
        {
            return false;
        }

        var hi = BinaryPrimitives.ReadInt32LittleEndian(payload[4..]);
        var lo = BinaryPrimitives.ReadInt32LittleEndian(payload[8..]);
        var mid = BinaryPrimitives.ReadInt32LittleEndian(payload[12..]);
        return new decimal(lo, mid, hi, flags < 0, scale).TryFormat(text, out written, default, NumberFormatInfo.InvariantInfo);
    }

    /// <summary>DateTime.ToBinary's layout: two bits of kind, 62 of ticks. Local kinds are refused.</summary>
    private static bool DateTime(ulong data, Span<byte> text, out int written)
    {
        written = 0;
        var kind = data & KindMask;
        var ticks = (long)(data & ~KindMask);
        if (kind > UtcKind || ticks > System.DateTime.MaxValue.Ticks || text.Length < MaxLength)
        {
            return false;
        }

        var value = new DateTime(ticks);
        if (!value.TryFormat(text, out written, "yyyy'-'MM'-'dd'T'HH':'mm':'ss", CultureInfo.InvariantCulture))
        {
            return false;
        }

        var fraction = (int)(ticks % TicksPerSecond);
        if (fraction != 0)
        {
            text[written++] = (byte)'.';
            written += Fraction(fraction, text[written..]);
        }

        if (kind == UtcKind)
        {
            text[written++] = (byte)'Z';
        }

        return true;
    }

    /// <summary>
    /// A TimeSpan as XmlConvert writes an xsd:duration: [-]P[nD][T[nH][nM][n[.fraction]S]], the fraction without trailing
    /// zeros, PT0S for zero.
    /// </summary>
    private static bool Duration(long ticks, Span<byte> text, out int written)
    {
        written = 0;
        if (text.Length < MaxLength)
        {
            return false;
        }

        // The magnitude as unsigned: long.MinValue's has no positive long.
        var magnitude = ticks < 0 ? unchecked((ulong)-ticks) : (ulong)ticks;
        if (ticks < 0)
        {
            text[written++] = (byte)'-';
        }

        text[written++] = (byte)'P';
        var start = written;
        var days = magnitude / (ulong)TimeSpan.TicksPerDay;
        var hours = magnitude / (ulong)TimeSpan.TicksPerHour % 24;
        var minutes = magnitude / (ulong)TimeSpan.TicksPerMinute % 60;
        var seconds = magnitude / TicksPerSecond % 60;
        var fraction = (uint)(magnitude % TicksPerSecond);
        written += Part(days, (byte)'D', text[written..]);
        if ((hours | minutes | seconds | fraction) != 0)
        {
            text[written++] = (byte)'T';
            written += Part(hours, (byte)'H', text[written..]);
            written += Part(minutes, (byte)'M', text[written..]);
            if ((seconds | fraction) != 0)
            {
                Utf8Formatter.TryFormat(seconds, text[written..], out var digits);
                written += digits;
                if (fraction != 0)
                {
                    text[written++] = (byte)'.';
                    written += Fraction((int)fraction, text[written..]);
                }

                text[written++] = (byte)'S';
            }
        }

        if (written == start)
        {
            "T0S"u8.CopyTo(text[written..]);
            written += 3;
        }

        return true;
    }

    /// <summary>A nonzero duration part: its number and its letter; nothing for zero.</summary>
    private static int Part(ulong value, byte letter, Span<byte> text)
    {
        if (value == 0)
        {
            return 0;
        }

        Utf8Formatter.TryFormat(value, text, out var written);
        text[written] = letter;
        return written + 1;
    }

    /// <summary>A nonzero fraction of a second in ticks, as decimal digits after the point without trailing zeros.</summary>
    private static int Fraction(int ticks, Span<byte> text)
    {
        var written = 0;
        for (var digit = (int)(TicksPerSecond / 10); ticks != 0; digit /= 10)
        {
            text[written++] = (byte)('0' + (ticks / digit));
            ticks %= digit;
        }

        return written;
    }
}
