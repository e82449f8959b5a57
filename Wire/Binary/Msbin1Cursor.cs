using System.Buffers.Binary;

namespace SoapRouter.Wire.Binary;

/// <summary>
/// A forward-only reader over msbin1 (.NET Binary Format: XML, [MC-NBFX]) records: bytes, MultiByteInt31 lengths and
/// length-prefixed strings. Every read checks bounds; running off the end sets <see cref="Truncated"/> instead of
/// throwing, so callers test it once after a step.
/// </summary>
/// <param name="data">The records, read from their first byte.</param>
public ref struct Msbin1Cursor(ReadOnlySpan<byte> data)
{
    private readonly ReadOnlySpan<byte> _data = data;

    /// <summary>The offset of the next byte.</summary>
    public int Position { get; private set; }

    /// <summary>True once a read ran past the end (or met a malformed length).</summary>
    public bool Truncated { get; private set; }

    /// <summary>True when every byte was read.</summary>
    public readonly bool AtEnd => Position >= _data.Length;

    /// <summary>The next byte without consuming it; -1 at the end.</summary>
    public readonly int Peek() => Position < _data.Length ? _data[Position] : -1;

    /// <summary>Consumes one byte; 0 (and <see cref="Truncated"/>) at the end.</summary>
    public byte ReadByte()
    {
        if (Position >= _data.Length)
        {
            Truncated = true;
            return 0;
        }

        return _data[Position++];
    }

    /// <summary>Consumes <paramref name="count"/> bytes.</summary>
    public void Skip(long count)
    {
        if (count < 0 || count > _data.Length - Position)
        {
            Truncated = true;
            Position = _data.Length;
            return;
        }

        Position += (int)count;
    }

    /// <summary>Consumes <paramref name="count"/> bytes and returns them (empty, and <see cref="Truncated"/>, past the end).</summary>
    public ReadOnlySpan<byte> ReadBytes(long count)
    {
        var start = Position;
        Skip(count);
        return Truncated ? default : _data.Slice(start, (int)count);
    }

    /// <summary>A MultiByteInt31: 7 bits a byte, low bits first, at most 5 bytes, never negative.</summary>
    public int ReadMultiByteInt31()
    {
        var value = 0;
        for (var shift = 0; shift <= 28; shift += 7)
        {
            var b = ReadByte();
            if (Truncated)
            {
                return 0;
            }

            value |= (b & 0x7F) << shift;
            if ((b & 0x80) == 0)
            {
                // The fifth byte may carry only the top 3 bits of 31.
                if (shift == 28 && b > 0x07)
                {
                    break;
                }

                return value;
            }
        }

        Truncated = true;
        return 0;
    }

    /// <summary>A String record body: a MultiByteInt31 length and that many UTF-8 bytes; returns where they are.</summary>
    public ByteRange ReadString()
    {
        var length = ReadMultiByteInt31();
        var start = Position;
        Skip(length);
        return Truncated ? default : new ByteRange(start, length);
    }

    /// <summary>A little-endian length of <paramref name="size"/> bytes (1, 2 or 4), as Chars/Bytes text records carry them.</summary>
    public long ReadLength(int size)
    {
        if (size > _data.Length - Position)
        {
            Truncated = true;
            Position = _data.Length;
            return 0;
        }

        var bytes = _data.Slice(Position, size);
        Position += size;
        return size switch
        {
            1 => bytes[0],
            2 => BinaryPrimitives.ReadUInt16LittleEndian(bytes),
            _ => BinaryPrimitives.ReadInt32LittleEndian(bytes),
        };
    }
}
