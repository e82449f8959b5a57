using System.Buffers;
using SoapRouter.Wire.Compression;

namespace SoapRouter.Compression;

/// <summary>
/// Decodes a compressed HTTP body (a client's request or a destination's reply) into a buffer rented from the
/// caller's pool, never past a cap: a bomb or corrupt data comes back as a value with a message fit for a fault,
/// never as memory spent or an exception thrown at the caller.
/// </summary>
internal static class CompressedBody
{
    /// <summary>Decodes <paramref name="body"/> (marked <paramref name="codec"/>) on <paramref name="link"/>'s statistics.</summary>
    public static DecodedBody Decode(
        CompressionLink link, ICompressionCodec codec, ReadOnlyMemory<byte> body, int? originalLength, int cap, ArrayPool<byte> pool)
    {
        using var output = new PooledBufferWriter(Math.Min(cap, Math.Max(body.Length * 4, 4096)));
        try
        {
            var length = link.Decompress(codec.Id, body, originalLength, cap, output);
            var buffer = length == 0 ? [] : pool.Rent(length);
            output.WrittenSpan.CopyTo(buffer);
            return new DecodedBody(buffer, length, Bomb: false, Problem: null);
        }
        catch (CompressionBombException)
        {
            return new DecodedBody([], 0, Bomb: true, $"The {codec.Name}-compressed message expands past the limit of {cap} bytes.");
        }
        catch (CorruptCompressedDataException)
        {
            return new DecodedBody([], 0, Bomb: false, $"The {codec.Name}-compressed message could not be decompressed: the data is corrupt or cut short.");
        }
    }
}

/// <summary>A decoded body in a rented buffer, or why there is none.</summary>
/// <param name="Buffer">Rented from the caller's pool when <see cref="Length"/> is above 0.</param>
/// <param name="Length">Decoded bytes.</param>
/// <param name="Bomb">The body expanded past the cap.</param>
/// <param name="Problem">What went wrong, for the fault; null on success.</param>
internal readonly record struct DecodedBody(byte[] Buffer, int Length, bool Bomb, string? Problem);
