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
}
