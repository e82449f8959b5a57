namespace LoadClient.Driving;

/// <summary>What one request did on the wire.</summary>
/// <param name="Outcome">How it ended.</param>
/// <param name="StatusCode">The HTTP status, 0 when no reply arrived.</param>
/// <param name="BytesSent">Request body bytes (headers not counted).</param>
/// <param name="BytesReceived">Reply body bytes read, as on the wire since nothing is decompressed (headers and chunk framing not counted).</param>
/// <param name="ErrorType">For a request that failed with an exception, its type name (with the HTTP error kind in the raw mode); else null.</param>
/// <param name="ContentType">Raw mode: the reply's Content-Type, null when it had none or in the WCF mode.</param>
/// <param name="Detail">WCF mode: a failed call's exception message (read only by the first-reply check).</param>
/// <param name="Compression">Raw mode with --compression: what compression did to this request and its reply; else null.</param>
/// <param name="RequestId">The id the request carried (its MessageID, or a one-way order's id); null when it had none.</param>
internal readonly record struct SendResult(
    RequestOutcome Outcome, int StatusCode, long BytesSent, long BytesReceived, string? ErrorType = null, string? ContentType = null, string? Detail = null,
    CompressionCounts? Compression = null, Guid? RequestId = null)
{
    /// <summary>A success of the WCF mode, where neither the status nor the bytes are seen.</summary>
    public static SendResult WcfOk { get; } = new(RequestOutcome.Ok, 0, 0, 0);
}
