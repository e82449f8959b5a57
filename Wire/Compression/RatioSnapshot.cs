namespace SoapRouter.Wire.Compression;

/// <summary>The ratio of one (action, size bucket) for the admin endpoint.</summary>
public sealed record RatioSnapshot(string Action, string SizeBucket, double? Ratio, long Samples, bool SwitchedOff);
