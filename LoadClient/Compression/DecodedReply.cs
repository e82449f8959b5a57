using LoadClient.Driving;
using SoapRouter.Wire.Compression;

namespace LoadClient.Compression;

/// <summary>What decoding one reply gave.</summary>
/// <param name="Codec">The codec the reply came in (None when plain).</param>
/// <param name="DecodedBytes">The reply's length once decoded (its wire length when plain).</param>
/// <param name="PlainContentType">The content type without WCF's +gzip suffix: what the outcome is judged on.</param>
/// <param name="Failure">A reply that could not be decoded: <see cref="RequestOutcome.CompressionBomb"/> or <see cref="RequestOutcome.CorruptReply"/>.</param>
/// <param name="ErrorType">Why, for the report's errorTypes.</param>
internal readonly record struct DecodedReply(CodecId Codec, long DecodedBytes, string? PlainContentType, RequestOutcome? Failure = null, string? ErrorType = null);
