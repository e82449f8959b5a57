using System.Buffers;

namespace SoapRouter.Wire.Compression;

/// <summary>
/// The one way every receiver of a compressed HTTP body (the router's listeners and destination replies, BackendStub,
/// LoadClient) reads its announced length and decodes it under a cap: the outcome comes back as a value with a
/// message fit to show the peer (codec, limit, a fixed reason; never the input), never as an exception or memory
/// spent. Each caller keeps only its answer to a refusal (a fault, 413/400, an error kind).
/// </summary>
public static class CompressedBodyDecoder
{
    /// <summary>
    /// Decodes <paramref name="body"/>, marked with <paramref name="codec"/> and the <see cref="CompressionHeaders.OriginalLength"/>
    /// header value <paramref name="originalLengthHeader"/> (null or empty: not given), into <paramref name="output"/>,
    /// never past <paramref name="cap"/> bytes; counted on <paramref name="link"/>'s statistics.
    /// </summary>
    public static BodyDecodeResult Decode(
        CompressionLink link, ICompressionCodec codec, ReadOnlyMemory<byte> body, string? originalLengthHeader, int cap, IBufferWriter<byte> output)
    {
        ArgumentNullException.ThrowIfNull(link);
        ArgumentNullException.ThrowIfNull(codec);
        ArgumentNullException.ThrowIfNull(output);
        int? originalLength = null;
        if (!string.IsNullOrEmpty(originalLengthHeader))
        {
            if (!CompressionHeaders.TryParseOriginalLength(originalLengthHeader, out var parsed))
            {
                return new(BodyDecodeStatus.BadLength, 0, $"The {CompressionHeaders.OriginalLength} header is not a length in bytes.");
            }

            originalLength = parsed;
        }

        try
        {
            return new(BodyDecodeStatus.Decoded, link.Decompress(codec.Id, body, originalLength, cap, output), null);
        }
        catch (CompressionBombException)
        {
            return new(BodyDecodeStatus.Bomb, 0, $"The {codec.Name}-compressed message expands past the limit of {cap} bytes.");
        }
        catch (CorruptCompressedDataException exception)
        {
            // Its message names the codec and a fixed reason, written to be shown to the peer.
            return new(BodyDecodeStatus.Corrupt, 0, exception.Message);
        }
    }
}

/// <summary>How a compressed body decoded.</summary>
public enum BodyDecodeStatus
{
    /// <summary>Decoded in full.</summary>
    Decoded,

    /// <summary>The announced original length is not a length.</summary>
    BadLength,

    /// <summary>The body expands past the cap: refused, never expanded.</summary>
    Bomb,

    /// <summary>The body does not decode, or not to its announced length.</summary>
    Corrupt,
}

/// <summary>The outcome of <see cref="CompressedBodyDecoder.Decode"/>.</summary>
/// <param name="Status">How it went.</param>
/// <param name="Length">Decoded bytes written to the output (0 unless decoded).</param>
/// <param name="Problem">What went wrong, fit to show the peer; null when decoded.</param>
public readonly record struct BodyDecodeResult(BodyDecodeStatus Status, int Length, string? Problem)
{
    /// <summary>Whether the body decoded.</summary>
    public bool IsDecoded => Status == BodyDecodeStatus.Decoded;
}
