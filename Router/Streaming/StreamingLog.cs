namespace SoapRouter.Streaming;

/// <summary>The streamed path's log events, source-generated so nothing is formatted unless the level is on.</summary>
internal static partial class StreamingLog
{
    /// <summary>A streamed reply stopped part way (the destination's stream failed, it stalled, it passed the size limit, or the client left).</summary>
    [LoggerMessage(EventId = 2101, Level = LogLevel.Warning,
        Message = "{Listener}: a streamed reply was cut after {Bytes} bytes ({Reason}); the client's connection was closed")]
    public static partial void ReplyCut(ILogger logger, string listener, long bytes, string reason);

    /// <summary>The rest of a request whose answer the router gives itself could not be read before answering.</summary>
    [LoggerMessage(EventId = 2102, Level = LogLevel.Debug,
        Message = "{Listener}: the rest of a streamed request could not be read before its fault ({Reason}); the connection was closed")]
    public static partial void DrainFailed(ILogger logger, string listener, string reason);
}
