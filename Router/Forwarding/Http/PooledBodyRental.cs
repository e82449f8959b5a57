using System.Buffers;

namespace SoapRouter.Forwarding.Http;

/// <summary>
/// A body being read into a buffer rented from a pool, the one ownership shape of every body reader (HttpClient's and the
/// own HTTP/1.1 client's): it grows by moving to a larger rental, and ends either handed over as a <see cref="PooledBody"/>
/// (the caller then owns the buffer) or back in the pool when disposed (a refusal, an empty body, an exception).
/// </summary>
internal sealed class PooledBodyRental(ArrayPool<byte> pool, int initialSize) : IDisposable
{
    private byte[]? _buffer = pool.Rent(initialSize);

    /// <summary>The buffer now (it changes when it grows).</summary>
    public byte[] Buffer => _buffer ?? throw new ObjectDisposedException(nameof(PooledBodyRental));

    /// <summary>Bytes of <see cref="Buffer"/> that hold the body so far.</summary>
    public int Count { get; set; }

    /// <summary>Moves to a buffer of twice the size, or <paramref name="atLeast"/> when larger, never past <paramref name="cap"/>; the body so far is copied.</summary>
    public void Grow(long atLeast, long cap)
    {
        var grown = pool.Rent((int)Math.Min(Math.Max((long)Buffer.Length * 2, atLeast), cap));
        Buffer.AsSpan(0, Count).CopyTo(grown);
        pool.Return(Buffer);
        _buffer = grown;
    }

    /// <summary>The body read, its buffer now the caller's; an empty body holds none (its buffer goes back at dispose).</summary>
    public PooledBody HandOver()
    {
        if (Count == 0)
        {
            return new PooledBody([], 0, TooLarge: false);
        }

        var buffer = Buffer;
        _buffer = null;
        return new PooledBody(buffer, Count, TooLarge: false);
    }

    /// <inheritdoc />
    public void Dispose()
    {
        if (_buffer is { } buffer)
        {
            _buffer = null;
            pool.Return(buffer);
        }
    }
}
