using System.Buffers;

namespace SoapRouter.Wire.Compression;

/// <summary>
/// An <see cref="IBufferWriter{T}"/> over arrays rented from <see cref="Encoding.MessageBufferPool"/>; it grows by renting
/// a larger array. <see cref="Dispose"/> returns the array. Not thread-safe; one message at a time.
/// </summary>
public sealed class PooledBufferWriter : IBufferWriter<byte>, IDisposable
{
    private const int MinimumSize = 256;
    private byte[] _buffer;
    private int _written;

    /// <summary>Creates a writer whose first array holds at least <paramref name="initialCapacity"/> bytes.</summary>
    public PooledBufferWriter(int initialCapacity = MinimumSize)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(initialCapacity);
        _buffer = Encoding.MessageBufferPool.Instance.Rent(Math.Max(initialCapacity, MinimumSize));
    }

    /// <summary>The bytes written so far.</summary>
    public int WrittenCount => _written;

    /// <summary>The bytes written so far.</summary>
    public ReadOnlySpan<byte> WrittenSpan => _buffer.AsSpan(0, _written);

    /// <summary>The bytes written so far.</summary>
    public ReadOnlyMemory<byte> WrittenMemory => _buffer.AsMemory(0, _written);

    /// <summary>The rented array (the written bytes start at 0); do not keep it past <see cref="Dispose"/>.</summary>
    public byte[] Array => _buffer;

    /// <summary>Forgets what was written and keeps the array.</summary>
    public void Reset() => _written = 0;

    /// <summary>Forgets what was written after the first <paramref name="count"/> bytes.</summary>
    public void Truncate(int count)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(count);
        ArgumentOutOfRangeException.ThrowIfGreaterThan(count, _written);
        _written = count;
    }

    /// <inheritdoc />
    public void Advance(int count)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(count);
        if (count > _buffer.Length - _written)
        {
            throw new InvalidOperationException("Advanced past the end of the buffer.");
        }

        _written += count;
    }

    /// <inheritdoc />
    public Memory<byte> GetMemory(int sizeHint = 0)
    {
        Ensure(sizeHint);
        return _buffer.AsMemory(_written);
    }

    /// <inheritdoc />
    public Span<byte> GetSpan(int sizeHint = 0)
    {
        Ensure(sizeHint);
        return _buffer.AsSpan(_written);
    }

    /// <summary>A copy of the written bytes, for cold paths and tests.</summary>
    public byte[] ToArray() => WrittenSpan.ToArray();

    /// <summary>
    /// Hands the rented array (the written bytes start at 0, <see cref="WrittenCount"/> of them) to the caller, who
    /// returns it to <see cref="ArrayPool{T}.Shared"/>; the writer is then empty and disposed. Saves a copy where the
    /// bytes go on in a pooled buffer.
    /// </summary>
    public byte[] Detach()
    {
        ObjectDisposedException.ThrowIf(_buffer.Length == 0, this);
        var buffer = _buffer;
        _buffer = [];
        _written = 0;
        return buffer;
    }

    /// <inheritdoc />
    public void Dispose()
    {
        var buffer = _buffer;
        _buffer = [];
        _written = 0;
        if (buffer.Length > 0)
        {
            Encoding.MessageBufferPool.Instance.Return(buffer);
        }
    }

    private void Ensure(int sizeHint)
    {
        ObjectDisposedException.ThrowIf(_buffer.Length == 0, this);
        var needed = Math.Max(sizeHint, 1);
        if (_buffer.Length - _written >= needed)
        {
            return;
        }

        var size = (int)Math.Min(Math.Max((long)_buffer.Length * 2, (long)_written + needed), System.Array.MaxLength);
        if (size - _written < needed)
        {
            throw new InvalidOperationException("The buffer cannot grow past the largest array.");
        }

        var larger = Encoding.MessageBufferPool.Instance.Rent(size);
        _buffer.AsSpan(0, _written).CopyTo(larger);
        Encoding.MessageBufferPool.Instance.Return(_buffer);
        _buffer = larger;
    }
}
