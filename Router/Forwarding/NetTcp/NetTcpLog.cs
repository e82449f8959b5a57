namespace SoapRouter.Forwarding.NetTcp;

/// <summary>The net.tcp destinations' log events, source-generated.</summary>
internal static partial class NetTcpLog
{
    /// <summary>A reply came that no request was waiting for.</summary>
    [LoggerMessage(EventId = 1501, Level = LogLevel.Debug, Message = "net.tcp destination {Destination}: a reply (action {Action}) came for no waiting request")]
    public static partial void UnmatchedReply(ILogger logger, string destination, string? action);

    /// <summary>A session to a destination ended.</summary>
    [LoggerMessage(EventId = 1502, Level = LogLevel.Debug, Message = "net.tcp destination {Destination}: a session ended ({Reason})")]
    public static partial void SessionEnded(ILogger logger, string destination, string reason);

    /// <summary>A session to a destination was opened.</summary>
    [LoggerMessage(EventId = 1504, Level = LogLevel.Debug, Message = "a client session is bound to a net.tcp session of its own to {Destination}")]
    public static partial void SessionBound(ILogger logger, string destination);

    [LoggerMessage(EventId = 1503, Level = LogLevel.Debug, Message = "net.tcp destination {Destination}: session {Index} opened")]
    public static partial void SessionOpened(ILogger logger, string destination, int index);

    /// <summary>A framed session's reply could not be read: the session ends, or the reply is dropped.</summary>
    [LoggerMessage(EventId = 1505, Level = LogLevel.Warning, Message = "net.tcp destination {Destination}: a reply could not be read ({Problem})")]
    public static partial void UnreadableReply(ILogger logger, string destination, string problem);

    /// <summary>A framed session's reply came that no request was waiting for.</summary>
    [LoggerMessage(EventId = 1506, Level = LogLevel.Debug, Message = "net.tcp destination {Destination}: a reply (RelatesTo {RelatesTo}) came for no waiting request")]
    public static partial void UnmatchedFramedReply(ILogger logger, string destination, string? relatesTo);
}
