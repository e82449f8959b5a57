namespace SoapRouter.Wire.Compression;

/// <summary>A codec level's speed in original megabytes (10^6 bytes) per second, and its compressed size over the original.</summary>
public readonly record struct CodecSpeed(double CompressMBps, double DecompressMBps, double Ratio);
