using SoapRouter.Forwarding;

namespace SoapRouter.Pipeline;

/// <summary>The message path's log events, source-generated so nothing is formatted unless the level is on.</summary>
internal static partial class PipelineLog
{
    /// <summary>One message was routed and answered (normal reply or the backend's fault).</summary>
    [LoggerMessage(EventId = 1202, Level = LogLevel.Debug,
        Message = "{Listener}: action {Action} via route {Route} to {Destination} ({Path}): HTTP {StatusCode}, {BytesIn} bytes in, {BytesOut} bytes out, {ElapsedMs:F1} ms")]
    public static partial void Routed(
        ILogger logger, string listener, string? action, string route, string? destination, string path, int statusCode, long bytesIn, long bytesOut, double elapsedMs);

    /// <summary>A cached action's message was answered by the response cache (no backend call of its own).</summary>
    [LoggerMessage(EventId = 1220, Level = LogLevel.Debug,
        Message = "{Listener}: action {Action} via route {Route} answered by the response cache ({Result}): {BytesIn} bytes in, {BytesOut} bytes out, {ElapsedMs:F1} ms")]
    public static partial void ServedFromCache(
        ILogger logger, string listener, string? action, string route, Caching.CacheResult result, long bytesIn, long bytesOut, double elapsedMs);

    /// <summary>No destination of the route's cluster answered.</summary>
    [LoggerMessage(EventId = 1203, Level = LogLevel.Debug,
        Message = "{Listener}: action {Action} via route {Route} failed at destination {Destination} with {Error} after {Attempts} attempt(s), {ElapsedMs:F1} ms")]
    public static partial void ForwardFailed(
        ILogger logger, string listener, string? action, string route, string? destination, ForwardError error, int attempts, double elapsedMs);


    /// <summary>A message was refused before it was forwarded (bad content type, too large, unreadable, no route, busy).</summary>
    [LoggerMessage(EventId = 1206, Level = LogLevel.Debug, Message = "{Listener}: refused a message with HTTP {StatusCode}: {Reason}")]
    public static partial void Refused(ILogger logger, string listener, int statusCode, string reason);

    /// <summary>A net.tcp session's one-way message was refused: its session was ended, as a session has no answer to carry a fault.</summary>
    [LoggerMessage(EventId = 1221, Level = LogLevel.Debug, Message = "{Listener}: ended a client session (framing fault {Fault}): {Reason}")]
    public static partial void SessionEnded(ILogger logger, string listener, string fault, string reason);

    /// <summary>The client went away before it was answered.</summary>
    [LoggerMessage(EventId = 1217, Level = LogLevel.Information,
        Message = "{Listener}: access denied on route {Route} to {Certificate} (routes[].allowedClientCertificates)")]
    public static partial void AccessDenied(ILogger logger, string listener, string route, string certificate);

    [LoggerMessage(EventId = 1207, Level = LogLevel.Debug, Message = "{Listener}: the client went away before it was answered")]
    public static partial void ClientAborted(ILogger logger, string listener);

    /// <summary>A message could not be written in a destination's binding.</summary>
    [LoggerMessage(EventId = 1211, Level = LogLevel.Warning,
        Message = "Re-encoding a message with action {Action} from {From} to {To} for destination {Destination} failed: {Reason}")]
    public static partial void ReencodeFailed(ILogger logger, string? action, string from, string to, string destination, string reason);

    /// <summary>A destination's reply could not be read or re-encoded for the client.</summary>
    [LoggerMessage(EventId = 1212, Level = LogLevel.Warning,
        Message = "The reply of destination {Destination} ({From}) could not be re-encoded for a {To} client: {Reason}")]
    public static partial void ReplyReencodeFailed(ILogger logger, string destination, string from, string to, string reason);
}
