namespace SoapRouter.Wire.Compression;

/// <summary>
/// What <see cref="CompressionLink.TryCompress"/> did: the codec and lengths when the compressed form is to be sent,
/// or the reason the message goes plain.
/// </summary>
public readonly record struct CompressionOutcome(ICompressionCodec? Codec, CodecLevel Level, int OriginalLength, int CompressedLength, CompressionSkipReason Reason)
{
    /// <summary>Whether the compressed form is to be sent.</summary>
    public bool IsCompressed => Reason == CompressionSkipReason.None && Codec is not null;
}
