using System.Buffers;

namespace SoapRouter.Wire.Encoding;

/// <summary>An encoded message in a rented array; <see cref="Dispose"/> returns the array. Dispose once.</summary>
public sealed class PooledMessageBytes : IDisposable
{
    private readonly ArrayPool<byte>? _pool;
    private byte[]? _buffer;

    /// <summary>Wraps <paramref name="count"/> bytes at <paramref name="offset"/> of <paramref name="buffer"/>, rented from <paramref name="pool"/> (null: not rented).</summary>
    public PooledMessageBytes(byte[] buffer, int offset, int count, ArrayPool<byte>? pool)
    {
        ArgumentNullException.ThrowIfNull(buffer);
        _buffer = buffer;
        Offset = offset;
        Count = count;
        _pool = pool;
    }

    /// <summary>The offset of the message in <see cref="Array"/>.</summary>
    public int Offset { get; }

    /// <summary>The message's length in bytes.</summary>
    public int Count { get; }

    /// <summary>The array holding the message; do not keep it past <see cref="Dispose"/>.</summary>
    public byte[] Array => _buffer ?? throw new ObjectDisposedException(nameof(PooledMessageBytes));

    /// <summary>The message's bytes.</summary>
    public ReadOnlyMemory<byte> Memory => new(Array, Offset, Count);

    /// <summary>The message's bytes as a segment.</summary>
    public ArraySegment<byte> Segment => new(Array, Offset, Count);

    /// <summary>A copy of the bytes, for cold paths and tests.</summary>
    public byte[] ToArray() => Memory.ToArray();

    /// <inheritdoc />
    public void Dispose()
    {
        var buffer = Interlocked.Exchange(ref _buffer, null);
        if (buffer is not null && _pool is not null && buffer.Length > 0)
        {
            _pool.Return(buffer);
        }
    }
}
