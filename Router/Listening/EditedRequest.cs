using System.Buffers;

namespace SoapRouter.Listening;

/// <summary>
/// The bytes an <see cref="IVerbatimRequestEditor"/> chose to send: either the received bytes (owning nothing) or an
/// edited copy in a buffer rented from a pool, returned by <see cref="Release"/>.
/// </summary>
internal readonly struct EditedRequest
{
    private readonly byte[]? _rented;
    private readonly ArrayPool<byte>? _pool;

    private EditedRequest(ReadOnlyMemory<byte> body, byte[]? rented, ArrayPool<byte>? pool)
    {
        Body = body;
        _rented = rented;
        _pool = pool;
    }

    /// <summary>The bytes to send.</summary>
    public ReadOnlyMemory<byte> Body { get; }

    /// <summary>True when the body is an edited copy rather than the received bytes.</summary>
    public bool IsEdited => _rented is not null;

    /// <summary>The received bytes, unchanged.</summary>
    public static EditedRequest Unchanged(ReadOnlyMemory<byte> request) => new(request, null, null);

    /// <summary>An edited copy: the first <paramref name="length"/> bytes of <paramref name="rented"/>, which came from <paramref name="pool"/>.</summary>
    public static EditedRequest Edited(byte[] rented, int length, ArrayPool<byte> pool)
    {
        ArgumentNullException.ThrowIfNull(rented);
        ArgumentNullException.ThrowIfNull(pool);
        return new(new ReadOnlyMemory<byte>(rented, 0, length), rented, pool);
    }

    /// <summary>Returns an edited copy's buffer to its pool; nothing for unchanged bytes. Call once, after sending.</summary>
    public void Release()
    {
        if (_rented is not null)
        {
            _pool!.Return(_rented);
        }
    }
}
