namespace SoapRouter.Wire.Compression;

/// <summary>A message about to be sent: its SOAP action (null if unknown), its encoded length and what the peer accepts.</summary>
public readonly record struct CompressionRequest(string? Action, int Length, CodecSet PeerAccepts);
