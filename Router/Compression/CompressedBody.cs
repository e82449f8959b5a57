using System.Buffers;
using SoapRouter.Wire.Compression;

namespace SoapRouter.Compression;

/// <summary>
/// Decodes a compressed HTTP body (a client's request or a destination's reply) into a buffer rented from the
/// caller's pool, never past a cap (Wire's <see cref="CompressedBodyDecoder"/>): a bomb, corrupt data or an
/// unreadable length comes back as a value with a message fit for a fault.
/// </summary>
internal static class CompressedBody
{
    /// <summary>Decodes <paramref name="body"/> (marked <paramref name="codec"/>) on <paramref name="link"/>'s statistics.</summary>
    public static DecodedBody Decode(
        CompressionLink link, ICompressionCodec codec, ReadOnlyMemory<byte> body, string? originalLengthHeader, int cap, ArrayPool<byte> pool)
    {
        var output = new PooledBufferWriter(Math.Min(cap, Math.Max(body.Length * 4, 4096)));
        try
        {
            var result = CompressedBodyDecoder.Decode(link, codec, body, originalLengthHeader, cap, output);
            if (!result.IsDecoded)
            {
                return new DecodedBody([], 0, result.Status == BodyDecodeStatus.Bomb, result.Problem);
            }

            if (result.Length == 0)
            {
                return new DecodedBody([], 0, Bomb: false, Problem: null);
            }

            // The writer rents from the message buffer pool: its array goes on as is, without a copy, when that is the caller's pool.
            if (ReferenceEquals(pool, SoapRouter.Wire.Encoding.MessageBufferPool.Instance))
            {
                return new DecodedBody(output.Detach(), result.Length, Bomb: false, Problem: null);
            }

            var buffer = pool.Rent(result.Length);
            output.WrittenSpan.CopyTo(buffer);
            return new DecodedBody(buffer, result.Length, Bomb: false, Problem: null);
        }
        finally
        {
            output.Dispose();
        }
    }
}

/// <summary>A decoded body in a rented buffer, or why there is none.</summary>
/// <param name="Buffer">Rented from the caller's pool when <see cref="Length"/> is above 0.</param>
/// <param name="Length">Decoded bytes.</param>
/// <param name="Bomb">The body expanded past the cap.</param>
/// <param name="Problem">What went wrong, for the fault; null on success.</param>
internal readonly record struct DecodedBody(byte[] Buffer, int Length, bool Bomb, string? Problem);
