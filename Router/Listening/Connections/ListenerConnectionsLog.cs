using System.Net;
using System.Net.Sockets;

namespace SoapRouter.Listening.Connections;

/// <summary>Log events of the listeners' connection limits and accept loops, source-generated.</summary>
internal static partial class ListenerConnectionsLog
{
    /// <summary>Connections were refused at an endpoint's limit during the last interval (one line per interval).</summary>
    [LoggerMessage(EventId = 1230, Level = LogLevel.Warning,
        Message = "{Count} connections to listeners {Listeners} were refused in the last {Interval}: at limits.maxConnections ({Limit})")]
    public static partial void ConnectionsRefused(ILogger logger, long count, string listeners, int limit, TimeSpan interval);

    /// <summary>An endpoint's accept loop failed during the last interval (one line per interval).</summary>
    [LoggerMessage(EventId = 1231, Level = LogLevel.Warning,
        Message = "Accepting connections for listeners {Listeners} failed {Count} times in the last {Interval} (last: {SocketError}); retrying")]
    public static partial void AcceptFailing(ILogger logger, long count, string listeners, SocketError socketError, TimeSpan interval);

    /// <summary>One accept failure, for Debug.</summary>
    [LoggerMessage(EventId = 1232, Level = LogLevel.Debug, Message = "Accept on {EndPoint} failed: {SocketError}; retrying")]
    public static partial void AcceptFailedOnce(ILogger logger, EndPoint endPoint, SocketError socketError);

    /// <summary>Accepting paused to keep the descriptor reserve during the last interval (one line per interval).</summary>
    [LoggerMessage(EventId = 1233, Level = LogLevel.Warning,
        Message = "Accepting connections paused {Count} times in the last {Interval}: {Free} of {Limit} file descriptors free, limits.fileDescriptorReserve {Reserve} kept for the router's own files, threads and backend connections; accepting resumes as descriptors come free")]
    public static partial void AcceptPaused(ILogger logger, long count, TimeSpan interval, long free, long limit, int reserve);
}
