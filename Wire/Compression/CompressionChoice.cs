namespace SoapRouter.Wire.Compression;

/// <summary>What a selector decided for one message: a codec and level, or the reason to send it plain.</summary>
public readonly record struct CompressionChoice(ICompressionCodec? Codec, CodecLevel Level, CompressionSkipReason Reason, bool IsProbe = false)
{
    /// <summary>Whether to compress.</summary>
    public bool ShouldCompress => Codec is not null;

    /// <summary>Send plain for <paramref name="reason"/>.</summary>
    public static CompressionChoice Skip(CompressionSkipReason reason) => new(null, CodecLevel.Fast, reason);

    /// <summary>Compress with <paramref name="codec"/> at <paramref name="level"/>.</summary>
    public static CompressionChoice Use(ICompressionCodec codec, CodecLevel level, bool isProbe = false) => new(codec, level, CompressionSkipReason.None, isProbe);
}
