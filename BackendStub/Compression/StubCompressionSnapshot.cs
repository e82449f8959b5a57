using SoapRouter.Wire.Compression;

namespace BackendStub.Compression;

/// <summary>The stub's compression counters at one moment, part of GET /stub/stats.</summary>
/// <param name="RequestsByCodec">Compressed HTTP requests received, by codec name (lz4, zstd, brotli, gzip, deflate), refused ones included.</param>
/// <param name="BombsRefused">Compressed requests refused with 413 for decoding past --max-decompressed-size.</param>
/// <param name="CorruptRefused">Compressed requests refused with 400 as corrupt (or with an unreadable X-Soap-Original-Length).</param>
/// <param name="Links">Per HTTP endpoint name (basicHttp, soap12, binary), its link's statistics (replies compressed and skipped, bytes saved, ...).</param>
public sealed record StubCompressionSnapshot(
    IReadOnlyDictionary<string, long> RequestsByCodec,
    long BombsRefused,
    long CorruptRefused,
    IReadOnlyDictionary<string, CompressionStatisticsSnapshot> Links);
