namespace SoapRouter.Listening;

/// <summary>The listeners' log events, source-generated so nothing is formatted unless the level is on.</summary>
internal static partial class ListenerLog
{
    /// <summary>A listener is bound.</summary>
    [LoggerMessage(EventId = 1201, Level = LogLevel.Information, Message = "Listener {Listener} ({Binding}) listening on {Address}")]
    public static partial void Listening(ILogger logger, string listener, string binding, Uri address);

    /// <summary>The client went away before it was answered.</summary>
    [LoggerMessage(EventId = 1213, Level = LogLevel.Debug, Message = "{Listener}: the client went away while its message was being received")]
    public static partial void ClientAborted(ILogger logger, string listener);

    /// <summary>The client went away while its answer was being written (the message was counted with that answer already).</summary>
    [LoggerMessage(EventId = 1235, Level = LogLevel.Debug, Message = "{Listener}: the client went away while its answer was being written")]
    public static partial void ClientLeftDuringAnswer(ILogger logger, string listener);

    /// <summary>A bug: an exception nobody expected while handling a message.</summary>
    [LoggerMessage(EventId = 1208, Level = LogLevel.Error, Message = "{Listener}: handling a message failed unexpectedly")]
    public static partial void Unexpected(ILogger logger, Exception exception, string listener);

    /// <summary>A message met the GC's heap limit (a burst the budget did not foresee): answered 503, not counted a bug.</summary>
    [LoggerMessage(EventId = 1236, Level = LogLevel.Warning,
        Message = "{Listener}: a message met the managed heap's limit ({Exception}); answered 503 routerBusy (limits.maxBufferedBytes, the GC's heap limit)")]
    public static partial void OutOfMemory(ILogger logger, string listener, string exception);

    /// <summary>A reload changed the listeners, which are bound once.</summary>
    [LoggerMessage(EventId = 1209, Level = LogLevel.Warning,
        Message = "Config version {ConfigVersion} changes the listeners; the router keeps serving the ones it started with until restart")]
    public static partial void ListenersNeedRestart(ILogger logger, long configVersion);

    /// <summary>A reload changed the concurrency limit, which is sized once.</summary>
    [LoggerMessage(EventId = 1210, Level = LogLevel.Warning,
        Message = "Config version {ConfigVersion} sets maxConcurrentRequests to {Configured}; the limit stays {Current} until restart")]
    public static partial void ConcurrencyNeedsRestart(ILogger logger, long configVersion, int configured, int current);

    /// <summary>A reload changed limits that Kestrel and the listeners read once, at start.</summary>
    [LoggerMessage(EventId = 1214, Level = LogLevel.Warning,
        Message = "Config version {ConfigVersion} changes maxConnections, fileDescriptorReserve, the keep-alive or header timeouts, the minimum data rates, perClientRateLimit, inlineIo, queueTimeout, maxBufferedBytes or the memory watermarks; they apply after restart")]
    public static partial void ConnectionLimitsNeedRestart(ILogger logger, long configVersion);

    /// <summary>One slow client dropped, for Debug; the Warning is <see cref="SlowClientsDropped"/>, once per interval.</summary>
    [LoggerMessage(EventId = 1215, Level = LogLevel.Debug, Message = "{Listener}: dropped a slow client {Client} (limits.{Limit})")]
    public static partial void SlowClientDropped(ILogger logger, string listener, System.Net.IPAddress? client, string limit);

    /// <summary>Slow clients were dropped during the last interval.</summary>
    [LoggerMessage(EventId = 1216, Level = LogLevel.Warning,
        Message = "{Count} slow clients dropped in the last {Interval}: request body below limits.minRequestBodyDataRate or not complete within limits.requestBodyTimeout")]
    public static partial void SlowClientsDropped(ILogger logger, long count, TimeSpan interval);

    /// <summary>Memory went over limits.memoryHighWatermark during the last interval: new messages were held back.</summary>
    [LoggerMessage(EventId = 1234, Level = LogLevel.Warning,
        Message = "Memory went over limits.memoryHighWatermark {Count} times in the last {Interval}; new messages wait (then 503) until it falls to limits.memoryLowWatermark: {State}")]
    public static partial void MemoryHigh(ILogger logger, long count, TimeSpan interval, string state);

    /// <summary>At start, in a container: how many client connections its memory holds (MemoryPressure.ConnectionCapacity).</summary>
    [LoggerMessage(EventId = 1237, Level = LogLevel.Information,
        Message = "The container's memory ({LimitMb} MB, {UsedMb} MB in use at start) holds about {Capacity} client connections at once; the listeners accept no more until some close (limits.memoryHighWatermark {High})")]
    public static partial void ConnectionCapacity(ILogger logger, long capacity, long limitMb, long usedMb, double high);
}
