namespace SoapRouter.Wire.Compression;

/// <summary>A parsed compression prefix: the codec id, the decoded length, and the prefix's own length in bytes.</summary>
public readonly record struct CompressionPrefixHeader(CodecId Codec, int OriginalLength, int PrefixLength);
