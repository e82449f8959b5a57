using System.Buffers;
using System.ServiceModel.Channels;

namespace SoapRouter.Wire.Encoding;

/// <summary>
/// WCF's <see cref="BufferManager"/> over an <see cref="ArrayPool{T}"/>, so encoders write into the same pooled arrays
/// the rest of the process uses. WCF's own buffer manager keeps its pools per instance; this one shares.
/// </summary>
public sealed class ArrayPoolBufferManager : BufferManager
{
    private readonly ArrayPool<byte> _pool;

    /// <summary>Rents from <paramref name="pool"/> (<see cref="MessageBufferPool"/> by default).</summary>
    public ArrayPoolBufferManager(ArrayPool<byte>? pool = null) => _pool = pool ?? MessageBufferPool.Instance;

    /// <summary>The shared instance over <see cref="MessageBufferPool"/>.</summary>
    public static ArrayPoolBufferManager Shared { get; } = new();

    /// <summary>The pool rented from.</summary>
    public ArrayPool<byte> Pool => _pool;

    /// <inheritdoc />
    public override byte[] TakeBuffer(int bufferSize) => _pool.Rent(bufferSize);

    /// <inheritdoc />
    public override void ReturnBuffer(byte[] buffer)
    {
        ArgumentNullException.ThrowIfNull(buffer);

        // WCF hands back the empty array it uses for empty messages; it was never rented.
        if (buffer.Length > 0)
        {
            _pool.Return(buffer);
        }
    }

    /// <inheritdoc />
    public override void Clear()
    {
        // The shared pool trims itself.
    }
}
