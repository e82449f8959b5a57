using SoapRouter.Forwarding.Http;

namespace SoapRouter.Forwarding.Http1;

/// <summary>
/// A destination's whole response read by <see cref="Http1Connection"/>: the head fields the transport reads and the body
/// in a pooled buffer, which the receiver owns (or nothing, when the body was over the limit).
/// </summary>
internal readonly record struct Http1Response(
    int StatusCode,
    string? ContentType,
    string? ContentEncoding,
    string? OriginalLength,
    bool ForbidsStoring,
    PooledBody Body);
