namespace SoapRouter.Listening.NetTcp;

/// <summary>The netTcp listeners' log events, source-generated.</summary>
internal static partial class NetTcpListenerLog
{
    /// <summary>A client's session ended while one of its messages was in flight.</summary>
    [LoggerMessage(EventId = 1601, Level = LogLevel.Debug, Message = "{Listener}: the client's net.tcp session ended before its answer was ready")]
    public static partial void SessionGone(ILogger logger, string listener);

    /// <summary>An answer could not be written on its session.</summary>
    [LoggerMessage(EventId = 1602, Level = LogLevel.Debug, Message = "{Listener}: an answer could not be sent on its net.tcp session ({Reason})")]
    public static partial void AnswerNotSent(ILogger logger, string listener, string reason);

        /// <summary>A client session's backend session ended under it.</summary>
    [LoggerMessage(EventId = 1604, Level = LogLevel.Information, Message = "{Listener}: the net.tcp session to {Destination} ended while its client's session was open; the client's session is faulted")]
    public static partial void BackendSessionLost(ILogger logger, string listener, string destination);

    /// <summary>A new client session was refused: its destination has limits.netTcp.maxSessionsPerDestination sessions.</summary>
    [LoggerMessage(EventId = 1605, Level = LogLevel.Warning, Message = "{Listener}: a client session was refused (ServerTooBusy): {Destination} already has limits.netTcp.maxSessionsPerDestination sessions")]
    public static partial void SessionLimit(ILogger logger, string listener, string destination);

    /// <summary>A message from a client session's backend session came after the client's End and was not relayed.</summary>
    [LoggerMessage(EventId = 1606, Level = LogLevel.Debug, Message = "{Listener}: a message the service sent unasked (action {Action}) came after the client's End and was dropped")]
    public static partial void DroppedAfterEnd(ILogger logger, string listener, string? action);

    /// <summary>A streamed net.tcp request's header section could not be read (too slow, too large, the client gone, bad framing); its connection is cut.</summary>
    [LoggerMessage(EventId = 1607, Level = LogLevel.Debug, Message = "{Listener}: a streamed net.tcp request could not be read ({Reason}); its connection was cut")]
    public static partial void StreamedRequestFailed(ILogger logger, string listener, string reason);
}
