using SoapRouter.Forwarding;

namespace SoapRouter.Listening;

/// <summary>The listeners' log events, source-generated so nothing is formatted unless the level is on.</summary>
internal static partial class ListenerLog
{
    /// <summary>A listener is bound.</summary>
    [LoggerMessage(EventId = 1201, Level = LogLevel.Information, Message = "Listener {Listener} ({Binding}) listening on {Address}")]
    public static partial void Listening(ILogger logger, string listener, string binding, Uri address);

    /// <summary>One message was routed and answered (normal reply or the backend's fault).</summary>
    [LoggerMessage(EventId = 1202, Level = LogLevel.Debug,
        Message = "{Listener}: action {Action} via route {Route} to {Destination}: HTTP {StatusCode}, {BytesIn} bytes in, {BytesOut} bytes out, {ElapsedMs:F1} ms")]
    public static partial void Routed(
        ILogger logger, string listener, string? action, string route, string? destination, int statusCode, long bytesIn, long bytesOut, double elapsedMs);

    /// <summary>No destination of the route's cluster answered.</summary>
    [LoggerMessage(EventId = 1203, Level = LogLevel.Warning,
        Message = "{Listener}: action {Action} via route {Route} failed at destination {Destination} with {Error} after {Attempts} attempt(s), {ElapsedMs:F1} ms")]
    public static partial void ForwardFailed(
        ILogger logger, string listener, string? action, string route, string? destination, ForwardError error, int attempts, double elapsedMs);

    /// <summary>The message needed re-encoding, which this build cannot do.</summary>
    [LoggerMessage(EventId = 1204, Level = LogLevel.Warning,
        Message = "{Listener}: action {Action} via route {Route} goes to cluster {Cluster}, whose destinations speak {DestinationBinding}; re-encoding from {ListenerBinding} is not available in this build")]
    public static partial void ReencodingUnavailable(
        ILogger logger, string listener, string? action, string route, string cluster, string? destinationBinding, string listenerBinding);

    /// <summary>A config leaves destinations that messages of a listener binding cannot reach verbatim.</summary>
    [LoggerMessage(EventId = 1205, Level = LogLevel.Warning,
        Message = "Config version {ConfigVersion}: messages from {Binding} listeners skip {Destinations} of cluster {Cluster}; re-encoding is not available in this build")]
    public static partial void DestinationsSkipped(ILogger logger, long configVersion, string binding, string cluster, string destinations);

    /// <summary>A message was refused before it was forwarded (bad content type, too large, unreadable, no route, busy).</summary>
    [LoggerMessage(EventId = 1206, Level = LogLevel.Debug, Message = "{Listener}: refused a message with HTTP {StatusCode}: {Reason}")]
    public static partial void Refused(ILogger logger, string listener, int statusCode, string reason);

    /// <summary>The client went away before it was answered.</summary>
    [LoggerMessage(EventId = 1207, Level = LogLevel.Debug, Message = "{Listener}: the client went away before it was answered")]
    public static partial void ClientAborted(ILogger logger, string listener);

    /// <summary>A bug: an exception nobody expected while handling a message.</summary>
    [LoggerMessage(EventId = 1208, Level = LogLevel.Error, Message = "{Listener}: handling a message failed unexpectedly")]
    public static partial void Unexpected(ILogger logger, Exception exception, string listener);

    /// <summary>A reload changed the listeners, which are bound once.</summary>
    [LoggerMessage(EventId = 1209, Level = LogLevel.Warning,
        Message = "Config version {ConfigVersion} changes the listeners; the router keeps serving the ones it started with until restart")]
    public static partial void ListenersNeedRestart(ILogger logger, long configVersion);

    /// <summary>A reload changed the concurrency limit, which is sized once.</summary>
    [LoggerMessage(EventId = 1210, Level = LogLevel.Warning,
        Message = "Config version {ConfigVersion} sets maxConcurrentRequests to {Configured}; the limit stays {Current} until restart")]
    public static partial void ConcurrencyNeedsRestart(ILogger logger, long configVersion, int configured, int current);
}
