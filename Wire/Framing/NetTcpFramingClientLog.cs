using Microsoft.Extensions.Logging;

namespace SoapRouter.Wire.Framing;

/// <summary>The log lines of <see cref="NetTcpFramingClient"/>.</summary>
internal static partial class NetTcpFramingClientLog
{
    [LoggerMessage(EventId = 7200, Level = LogLevel.Debug, Message = "net.tcp framing session to {Via} opened")]
    public static partial void Opened(ILogger logger, Uri via);

    [LoggerMessage(EventId = 7201, Level = LogLevel.Debug, Message = "net.tcp framing session to {Via} ended ({Reason}): {Detail}")]
    public static partial void Ended(ILogger logger, Uri via, NetTcpFramingEndReason reason, string detail);

    [LoggerMessage(EventId = 7202, Level = LogLevel.Information, Message = "net.tcp framing session to {Via} broke ({Reason}): {Detail} {Fault}")]
    public static partial void Broke(ILogger logger, Uri via, NetTcpFramingEndReason reason, string detail, string? fault, Exception? exception);

    [LoggerMessage(EventId = 7203, Level = LogLevel.Warning, Message = "net.tcp framing session to {Via}: the handler failed when told the session ended")]
    public static partial void EndHandlerFailed(ILogger logger, Uri via, Exception exception);
}
