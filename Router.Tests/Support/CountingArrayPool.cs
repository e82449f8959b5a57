using System.Buffers;
using System.Collections.Concurrent;

namespace SoapRouter.Tests.Support;

/// <summary>
/// An <see cref="ArrayPool{T}"/> that hands out fresh arrays and tracks each one until it comes back, so a test can
/// assert nothing leaked and nothing was returned twice or returned without being rented.
/// </summary>
internal sealed class CountingArrayPool : ArrayPool<byte>
{
    private readonly ConcurrentDictionary<byte[], byte> _rented = new(ReferenceEqualityComparer.Instance);
    private int _rents;
    private int _returns;

    /// <summary>Arrays rented and not yet returned.</summary>
    public int Outstanding => _rented.Count;

    /// <summary>Rentals so far.</summary>
    public int Rents => Volatile.Read(ref _rents);

    /// <summary>Returns so far.</summary>
    public int Returns => Volatile.Read(ref _returns);

    public override byte[] Rent(int minimumLength)
    {
        // Fresh arrays: the shared pool may hand out one array twice over time, which would hide a double return.
        var array = new byte[minimumLength];
        _rented[array] = 0;
        Interlocked.Increment(ref _rents);
        return array;
    }

    public override void Return(byte[] array, bool clearArray = false)
    {
        if (!_rented.TryRemove(array, out _))
        {
            throw new InvalidOperationException("Returned an array that is not rented (a double return, or never rented here).");
        }

        Interlocked.Increment(ref _returns);
    }
}
