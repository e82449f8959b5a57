using System.Buffers;

namespace SoapRouter.Wire.Framing;

/// <summary>
/// The variable-length sizes of [MC-NMF] 2.2.2 (MB31 in [MC-NBFX]): seven bits per octet, least significant group
/// first, the high bit set on every octet but the last; at most five octets, and the fifth may only carry the top
/// three bits, so values are 0..int.MaxValue.
/// </summary>
internal static class MultiByteInt31
{
    /// <summary>The longest encoding.</summary>
    public const int MaxLength = 5;

    /// <summary>
    /// Reads one value. <see cref="OperationStatus.NeedMoreData"/> leaves <paramref name="reader"/> where it was;
    /// <see cref="OperationStatus.InvalidData"/> (a fifth octet with more than three bits) leaves it past the bad octet.
    /// Like WCF, a longer-than-needed encoding (0x80 0x00 for 0) is accepted.
    /// </summary>
    public static OperationStatus TryRead(ref SequenceReader<byte> reader, out int value)
    {
        value = 0;
        for (var i = 0; i < MaxLength; i++)
        {
            if (!reader.TryRead(out var octet))
            {
                reader.Rewind(i);
                value = 0;
                return OperationStatus.NeedMoreData;
            }

            // The fifth octet holds bits 28..30; anything above would not fit 31 bits (or continues past five).
            if (i == MaxLength - 1 && (octet & 0xF8) != 0)
            {
                value = 0;
                return OperationStatus.InvalidData;
            }

            value |= (octet & 0x7F) << (7 * i);
            if ((octet & 0x80) == 0)
            {
                return OperationStatus.Done;
            }
        }

        // Unreachable: the fifth octet either ends the value or is refused above.
        return OperationStatus.InvalidData;
    }

    /// <summary>The number of octets <paramref name="value"/> encodes to (1..5).</summary>
    public static int GetByteCount(int value)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(value);
        var count = 1;
        while (value >= 0x80)
        {
            value >>= 7;
            count++;
        }

        return count;
    }

    /// <summary>Writes <paramref name="value"/> at the start of <paramref name="destination"/>; returns the octets written.</summary>
    public static int Write(Span<byte> destination, int value)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(value);
        var count = 0;
        while (value >= 0x80)
        {
            destination[count++] = (byte)((value & 0x7F) | 0x80);
            value >>= 7;
        }

        destination[count++] = (byte)value;
        return count;
    }
}
