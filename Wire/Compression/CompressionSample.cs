namespace SoapRouter.Wire.Compression;

/// <summary>One compression as it went: what the selector learns from (ratio, speed).</summary>
public readonly record struct CompressionSample(
    string? Action, CodecId Codec, CodecLevel Level, int OriginalLength, int CompressedLength, TimeSpan Elapsed, bool IsProbe)
{
    /// <summary>Compressed size over original size.</summary>
    public double Ratio => OriginalLength == 0 ? 1 : (double)CompressedLength / OriginalLength;
}
