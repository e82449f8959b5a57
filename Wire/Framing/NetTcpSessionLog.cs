using Microsoft.Extensions.Logging;

namespace SoapRouter.Wire.Framing;

/// <summary>
/// The log lines of <see cref="NetTcpServerSession"/>. Framing problems are fixed sentences; only WCF's own reader
/// exceptions, attached to the unreadable-payload line, may quote a little of what the client sent.
/// </summary>
internal static partial class NetTcpSessionLog
{
    [LoggerMessage(EventId = 7100, Level = LogLevel.Debug, Message = "net.tcp session opened for {Via}")]
    public static partial void SessionOpened(ILogger logger, Uri via);

    [LoggerMessage(EventId = 7101, Level = LogLevel.Debug, Message = "net.tcp session for {Via} ended ({Reason}) after {Messages} messages")]
    public static partial void SessionEnded(ILogger logger, Uri via, SessionEndReason reason, long messages);

    [LoggerMessage(EventId = 7102, Level = LogLevel.Information, Message = "net.tcp preamble refused with {Fault}: {Problem}")]
    public static partial void PreambleRefused(ILogger logger, string fault, string problem);

    [LoggerMessage(EventId = 7103, Level = LogLevel.Information, Message = "net.tcp connection closed: the preamble did not arrive within {Timeout}")]
    public static partial void PreambleTimedOut(ILogger logger, TimeSpan timeout);

    [LoggerMessage(EventId = 7104, Level = LogLevel.Information, Message = "net.tcp connection refused: no connection slot is free (ServerTooBusy)")]
    public static partial void ServerTooBusy(ILogger logger);

    [LoggerMessage(EventId = 7105, Level = LogLevel.Information, Message = "net.tcp session for {Via} broke the framing: {Problem}")]
    public static partial void MalformedRecord(ILogger logger, Uri via, string problem);

    [LoggerMessage(EventId = 7106, Level = LogLevel.Information, Message = "net.tcp session for {Via} refused a {Size}-byte message (largest {Max})")]
    public static partial void MessageTooLarge(ILogger logger, Uri via, int size, int max);

    [LoggerMessage(EventId = 7107, Level = LogLevel.Information, Message = "net.tcp session for {Via} closed: a {Size}-byte message could not be read by the session encoder")]
    public static partial void UnreadablePayload(ILogger logger, Uri via, int size, Exception exception);

    [LoggerMessage(EventId = 7108, Level = LogLevel.Information, Message = "net.tcp session for {Via} closed: the client sent the fault {Fault}")]
    public static partial void ClientFault(ILogger logger, Uri via, string fault);

    [LoggerMessage(EventId = 7109, Level = LogLevel.Warning, Message = "net.tcp endpoint for {Via} failed handling a message")]
    public static partial void HandlerFailed(ILogger logger, Uri via, Exception exception);

    [LoggerMessage(EventId = 7110, Level = LogLevel.Debug, Message = "net.tcp connection closed: the peer went away ({Phase})")]
    public static partial void PeerVanished(ILogger logger, string phase);

    [LoggerMessage(EventId = 7111, Level = LogLevel.Error, Message = "net.tcp connection failed unexpectedly")]
    public static partial void Unexpected(ILogger logger, Exception exception);

    [LoggerMessage(EventId = 7112, Level = LogLevel.Information, Message = "net.tcp connection closed: the endpoint requires the {Protocol} upgrade and the client ended its preamble without it")]
    public static partial void UpgradeMissing(ILogger logger, string protocol);

    [LoggerMessage(EventId = 7113, Level = LogLevel.Information, Message = "net.tcp connection closed: the {Protocol} upgrade's handshake failed")]
    public static partial void UpgradeFailed(ILogger logger, string protocol);

    [LoggerMessage(EventId = 7114, Level = LogLevel.Debug, Message = "net.tcp connection upgraded to {Protocol}")]
    public static partial void Upgraded(ILogger logger, string protocol);

    [LoggerMessage(EventId = 7115, Level = LogLevel.Information, Message = "net.tcp connection closed without a fault: after a {Protocol} session ended, the client went on in the upgraded stream instead of a plain preamble")]
    public static partial void StillUpgraded(ILogger logger, string protocol);

    [LoggerMessage(EventId = 7120, Level = LogLevel.Information, Message = "net.tcp session for {Via}: a {Size}-byte message could not be translated ({Problem}); a broken string table or header section ends the session, a broken body gets a fault")]
    public static partial void UntranslatablePayload(ILogger logger, Uri via, int size, string problem);
}
