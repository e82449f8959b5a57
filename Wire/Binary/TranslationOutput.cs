using SoapRouter.Wire.Encoding;

namespace SoapRouter.Wire.Binary;

/// <summary>
/// The growing output of one <see cref="SessionTranslator"/> or <see cref="Msbin1ToText"/> run: a buffer rented from the caller's buffer manager with
/// room reserved in front, replaced by a larger one (contents copied, the old one returned) when it fills up, and never
/// longer than the caller's limit. Its owner ends it with <see cref="Complete"/> or <see cref="Abandon"/>.
/// </summary>
internal struct TranslationOutput
{
    private readonly ArrayPoolBufferManager _buffers;
    private readonly int _start;
    private readonly long _limit;
    private byte[] _buffer;
    private int _position;

    /// <summary>Rents room for <paramref name="reservedPrefix"/> plus about <paramref name="estimate"/> bytes.</summary>
    public TranslationOutput(ArrayPoolBufferManager buffers, int reservedPrefix, int maxLength, long estimate)
    {
        _buffers = buffers;
        _start = reservedPrefix;
        _limit = Math.Min((long)reservedPrefix + maxLength, Array.MaxLength);
        // At least one byte: the buffer manager does not take back the empty array a pool hands out for zero.
        _buffer = buffers.TakeBuffer((int)Math.Max(Math.Min(reservedPrefix + estimate, _limit), Math.Max(reservedPrefix, 1)));
        _position = reservedPrefix;
    }

    /// <summary>
    /// The next <paramref name="count"/> bytes of the output, to be filled by the caller; false when the output would
    /// pass the caller's limit.
    /// </summary>
    public bool TryTake(int count, out Span<byte> span)
    {
        var end = (long)_position + count;
        if (end > _limit)
        {
            span = default;
            return false;
        }

        if (end > _buffer.Length)
        {
            Grow((int)end);
        }

        span = _buffer.AsSpan(_position, count);
        _position = (int)end;
        return true;
    }

    /// <summary>Appends <paramref name="bytes"/>; false when the output would pass the caller's limit.</summary>
    public bool TryWrite(ReadOnlySpan<byte> bytes)
    {
        if (!TryTake(bytes.Length, out var span))
        {
            return false;
        }

        bytes.CopyTo(span);
        return true;
    }

    /// <summary>Where the next byte goes: positions of written bytes stay valid when the buffer grows.</summary>
    public readonly int Position => _position;

    /// <summary>Bytes written earlier, at <paramref name="range"/> (positions as <see cref="Position"/> gave them).</summary>
    public readonly ReadOnlySpan<byte> Written(ByteRange range) => _buffer.AsSpan(range.Start, range.Length);

    /// <summary>Appends a copy of bytes written earlier, at <paramref name="range"/>; false past the caller's limit.</summary>
    public bool TryRepeat(ByteRange range)
    {
        if (!TryTake(range.Length, out var span))
        {
            return false;
        }

        // After TryTake: a grown buffer holds the earlier bytes at the same positions.
        _buffer.AsSpan(range.Start, range.Length).CopyTo(span);
        return true;
    }

    /// <summary>Hands the buffer over in the translation (the caller returns it).</summary>
    public readonly SessionTranslation Complete() => SessionTranslation.Translated(_buffer, _start, _position - _start);

    /// <summary>Returns the buffer: the translation failed at <paramref name="problemOffset"/>.</summary>
    public readonly SessionTranslation Abandon(string problem, int problemOffset)
    {
        _buffers.ReturnBuffer(_buffer);
        return SessionTranslation.Failed(problem, problemOffset);
    }

    private void Grow(int needed)
    {
        var size = (int)Math.Min(Math.Max(needed, 2L * _buffer.Length), _limit);
        var larger = _buffers.TakeBuffer(size);
        _buffer.AsSpan(_start, _position - _start).CopyTo(larger.AsSpan(_start));
        _buffers.ReturnBuffer(_buffer);
        _buffer = larger;
    }
}
