using System.Buffers;

namespace SoapRouter.Wire.Compression;

/// <summary>
/// The bounds every decoder writes under: the cap (a bomb beyond it) and the sender's claimed length (corrupt when
/// the output disagrees). Buffers grow with the output, so a false claim costs nothing up front.
/// </summary>
internal static class DecompressionOutput
{
    /// <summary>The first buffer size asked for: the claim if it is under the cap, else a few times the input.</summary>
    public static int FirstChunk(int sourceLength, int? originalLength, int maxDecompressedSize)
    {
        var guess = originalLength is { } claimed && claimed <= maxDecompressedSize
            ? Math.Min(claimed, Math.Max(64 * 1024, sourceLength * 64L))
            : Math.Min(maxDecompressedSize, Math.Max(4096, sourceLength * 4L));
        return (int)Math.Clamp(guess, 1, 1024 * 1024);
    }

    /// <summary>Throws when a claim alone breaks the rules, before any work.</summary>
    public static void CheckClaim(string codec, int? originalLength, int maxDecompressedSize)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(maxDecompressedSize);
        if (originalLength is { } claimed)
        {
            if (claimed < 0)
            {
                throw new CorruptCompressedDataException(codec, "the original length is negative");
            }

            if (claimed > maxDecompressedSize)
            {
                throw new CompressionBombException(codec, maxDecompressedSize);
            }
        }
    }

    /// <summary>Reads <paramref name="decoder"/> to its end into <paramref name="destination"/> under the bounds.</summary>
    public static int CopyBounded(string codec, Stream decoder, IBufferWriter<byte> destination, int firstChunk, int? originalLength, int maxDecompressedSize)
    {
        var limit = originalLength ?? maxDecompressedSize;
        long total = 0;
        var chunk = firstChunk;
        while (true)
        {
            // Ask for one byte past the limit, so output that runs over is seen without producing more of it.
            var want = (int)Math.Min(chunk, limit + 1L - total);
            var span = destination.GetSpan(want)[..want];
            var read = decoder.Read(span);
            if (read == 0)
            {
                break;
            }

            destination.Advance(read);
            total += read;
            if (total > limit)
            {
                throw originalLength is null || total > maxDecompressedSize
                    ? new CompressionBombException(codec, maxDecompressedSize)
                    : new CorruptCompressedDataException(codec, "the data is longer than its original length");
            }

            chunk = Math.Min(chunk * 2, 1024 * 1024);
        }

        CheckLength(codec, total, originalLength);
        return (int)total;
    }

    /// <summary>Throws when the output is shorter than claimed.</summary>
    public static void CheckLength(string codec, long produced, int? originalLength)
    {
        if (originalLength is { } claimed && produced != claimed)
        {
            throw new CorruptCompressedDataException(codec, $"it decodes to {produced} bytes, not the {claimed} its header says");
        }
    }
}
