namespace SoapRouter.Wire.Compression;

/// <summary>
/// The self-describing binary form, for transports without headers (a net.tcp envelope record's payload):
/// <c>0xCE 0x5A</c> (magic), one byte of codec id, then the original length as a 7-bit varint (1-5 bytes, as
/// [MC-NMF] sizes are written), then the codec's data. No msbin1 record or XML text starts with 0xCE, so a plain
/// message needs no prefix; the rare plain message that does start with the magic is sent behind a
/// <see cref="CodecId.None"/> prefix (<see cref="NeedsEscape"/>).
/// </summary>
public static class CompressionPrefix
{
    /// <summary>The first magic byte.</summary>
    public const byte Magic0 = 0xCE;

    /// <summary>The second magic byte.</summary>
    public const byte Magic1 = 0x5A;

    /// <summary>The longest prefix: magic, id and a five-byte length.</summary>
    public const int MaxLength = 8;

    private const int MaxLengthBytes = 5;

    /// <summary>The prefix's length for <paramref name="originalLength"/>.</summary>
    public static int GetByteCount(int originalLength)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(originalLength);
        var count = 3;
        var value = (uint)originalLength;
        do
        {
            count++;
            value >>= 7;
        }
        while (value != 0);
        return count;
    }

    /// <summary>Writes the prefix into <paramref name="destination"/> (at least <see cref="MaxLength"/> bytes or the exact count); returns its length.</summary>
    public static int Write(Span<byte> destination, CodecId codec, int originalLength)
    {
        var count = GetByteCount(originalLength);
        ArgumentOutOfRangeException.ThrowIfLessThan(destination.Length, count, nameof(destination));
        destination[0] = Magic0;
        destination[1] = Magic1;
        destination[2] = (byte)codec;
        var value = (uint)originalLength;
        var i = 3;
        while (value >= 0x80)
        {
            destination[i++] = (byte)(value | 0x80);
            value >>= 7;
        }

        destination[i++] = (byte)value;
        return i;
    }

    /// <summary>Whether a plain <paramref name="message"/> would be mistaken for a prefixed one, so must be sent behind a none prefix.</summary>
    public static bool NeedsEscape(ReadOnlySpan<byte> message) => message.Length > 0 && message[0] == Magic0;

    /// <summary>Reads the prefix of a whole <paramref name="message"/>.</summary>
    public static CompressionPrefixStatus TryRead(ReadOnlySpan<byte> message, out CompressionPrefixHeader header)
    {
        header = default;
        if (message.IsEmpty || message[0] != Magic0)
        {
            return CompressionPrefixStatus.Plain;
        }

        if (message.Length < 2)
        {
            return CompressionPrefixStatus.Truncated;
        }

        if (message[1] != Magic1)
        {
            return CompressionPrefixStatus.Invalid;
        }

        if (message.Length < 4)
        {
            return CompressionPrefixStatus.Truncated;
        }

        var codec = (CodecId)message[2];
        if ((int)codec >= CodecSet.Capacity)
        {
            return CompressionPrefixStatus.Invalid;
        }

        uint value = 0;
        for (var i = 0; i < MaxLengthBytes; i++)
        {
            if (3 + i >= message.Length)
            {
                return CompressionPrefixStatus.Truncated;
            }

            var b = message[3 + i];
            if (i == MaxLengthBytes - 1 && b > 0x07)
            {
                // The fifth byte holds bits 28-30 only: anything more is past int.MaxValue.
                return CompressionPrefixStatus.Invalid;
            }

            value |= (uint)(b & 0x7F) << (7 * i);
            if ((b & 0x80) == 0)
            {
                header = new CompressionPrefixHeader(codec, (int)value, 4 + i);
                return CompressionPrefixStatus.Prefixed;
            }
        }

        return CompressionPrefixStatus.Invalid;
    }
}
