namespace SoapRouter.Wire.Compression;

/// <summary>Compressed data that does not decode (truncated, garbage, or a length that disagrees with its header).</summary>
public sealed class CorruptCompressedDataException : DecompressionException
{
    /// <summary>Creates the exception for <paramref name="codec"/> with a reason fit for a fault.</summary>
    public CorruptCompressedDataException(string codec, string reason, Exception? innerException = null)
        : base($"The {codec} message is not valid compressed data: {reason}.", innerException)
    {
        Codec = codec;
    }
}
