using SoapRouter.Wire.Compression;

namespace LoadClient.Driving;

/// <summary>One request's compression, raw mode with --compression.</summary>
/// <param name="RequestCompressed">The request body went compressed.</param>
/// <param name="RequestPlainBytes">The request body's length before compression (its wire length when plain).</param>
/// <param name="ReplyCodec">The codec the reply came in (None when plain or when no reply was read).</param>
/// <param name="ReplyDecodedBytes">The reply's length once decoded (its wire length when plain).</param>
internal readonly record struct CompressionCounts(bool RequestCompressed, long RequestPlainBytes, CodecId ReplyCodec, long ReplyDecodedBytes);
