namespace SoapRouter.Wire.Compression;

/// <summary>
/// A message about to be sent: its SOAP action (null if unknown), its encoded length, what the peer accepts and, when
/// the link knows this peer's own bandwidth, that (null: the link's estimate).
/// </summary>
public readonly record struct CompressionRequest(string? Action, int Length, CodecSet PeerAccepts, double? PeerBytesPerSecond = null);
