namespace SoapRouter.Configuration;

/// <summary>Limits of streamed transfer (listeners and destinations with transportMode streamed).</summary>
public sealed record StreamedLimitsConfig
{
    /// <summary>
    /// Largest streamed message, in bytes, counted as it passes (limits.maxMessageSize bounds buffered messages only):
    /// a request or reply that goes past it is cut off. Default 4 GiB.
    /// </summary>
    public long MaxMessageSize { get; init; } = 4L * 1024 * 1024 * 1024;

    /// <summary>
    /// Largest header section of a streamed message, in bytes: everything before the Body's content, which the router
    /// holds to route the message and splice its To (WCF's MaxBufferSize in streamed mode). Default 64 KiB.
    /// </summary>
    public int MaxHeadersSize { get; init; } = 64 * 1024;
}
