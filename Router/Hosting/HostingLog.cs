namespace SoapRouter.Hosting;

/// <summary>Source-generated log events of the hosting layer.</summary>
internal static partial class HostingLog
{
    [LoggerMessage(EventId = 100, Level = LogLevel.Information,
        Message = "Router started with config version {ConfigVersion}: {RouteCount} routes, {ClusterCount} clusters; admin on {AdminAddress}")]
    public static partial void Started(ILogger logger, long configVersion, int routeCount, int clusterCount, Uri? adminAddress);

    [LoggerMessage(EventId = 101, Level = LogLevel.Warning, Message = "Config: {ConfigWarning}")]
    public static partial void ConfigWarning(ILogger logger, string configWarning);

    [LoggerMessage(EventId = 102, Level = LogLevel.Warning,
        Message = "Listener {Listener} ({Binding}, {Address}) is not started: the net.tcp framing listener is not built yet")]
    public static partial void ListenerNotStarted(ILogger logger, string listener, string binding, string address);

    [LoggerMessage(EventId = 103, Level = LogLevel.Information,
        Message = "Router state rebuilt for config version {ConfigVersion}: {RouteCount} routes, {ClusterCount} clusters")]
    public static partial void StateRebuilt(ILogger logger, long configVersion, int routeCount, int clusterCount);

    [LoggerMessage(EventId = 104, Level = LogLevel.Error, Message = "Config version {ConfigVersion} could not be applied; the previous state stays")]
    public static partial void StateRebuildFailed(ILogger logger, Exception exception, long configVersion);

    [LoggerMessage(EventId = 119, Level = LogLevel.Warning,
        Message = "Config version {ConfigVersion} changes the queues section; the queue store keeps the settings it started with until restart")]
    public static partial void QueuesNeedRestart(ILogger logger, long configVersion);

    [LoggerMessage(EventId = 105, Level = LogLevel.Warning,
        Message = "Config version {ConfigVersion} changes the admin address to {Configured}; the endpoint stays on {Bound} until restart")]
    public static partial void AdminAddressNeedsRestart(ILogger logger, long configVersion, string configured, Uri? bound);

    [LoggerMessage(EventId = 106, Level = LogLevel.Information,
        Message = "Draining: no new connections; messages in flight have up to {DrainTimeout} to be answered")]
    public static partial void Draining(ILogger logger, TimeSpan drainTimeout);

    [LoggerMessage(EventId = 114, Level = LogLevel.Information,
        Message = "Stopping: /health says draining and answers close their connections; the listeners close in {DrainDelay}")]
    public static partial void DrainDelay(ILogger logger, TimeSpan drainDelay);

    [LoggerMessage(EventId = 107, Level = LogLevel.Information, Message = "Drained in {ElapsedMs:F0} ms: every message in flight was answered")]
    public static partial void Drained(ILogger logger, double elapsedMs);

    [LoggerMessage(EventId = 108, Level = LogLevel.Warning,
        Message = "Drain cut short after {ElapsedMs:F0} ms (drain timeout {DrainTimeout}, or a second stop signal): connections still open were closed")]
    public static partial void DrainCutShort(ILogger logger, double elapsedMs, TimeSpan drainTimeout);

    [LoggerMessage(EventId = 109, Level = LogLevel.Information, Message = "Open-file limit raised from {Previous} to {Limit} (the hard limit)")]
    public static partial void OpenFileLimitRaised(ILogger logger, ulong previous, ulong limit);

    [LoggerMessage(EventId = 110, Level = LogLevel.Warning, Message = "Open-file limit {Limit} could not be raised to {Target}")]
    public static partial void OpenFileLimitNotRaised(ILogger logger, ulong limit, ulong target);

    [LoggerMessage(EventId = 111, Level = LogLevel.Warning,
        Message = "Open-file limit {Limit} is below the {Needed} the limits need (maxConnections per HTTP endpoint + netTcp.maxConnections + maxConcurrentRequests + fileDescriptorReserve + headroom); the listeners stop accepting while fewer than fileDescriptorReserve are free. Raise it (ulimit -n, LimitNOFILE, docker --ulimit nofile) or lower limits.maxConnections")]
    public static partial void OpenFileLimitLow(ILogger logger, ulong limit, long needed);

    [LoggerMessage(EventId = 112, Level = LogLevel.Warning,
        Message = "Config version {ConfigVersion} changes telemetry settings read at start ({Settings}); they take effect after a restart")]
    public static partial void TelemetryNeedsRestart(ILogger logger, long configVersion, string settings);

    [LoggerMessage(EventId = 113, Level = LogLevel.Information,
        Message = "I/O completions run {Where} ({Source})")]
    public static partial void IoScheduling(ILogger logger, string where, string source);

    [LoggerMessage(EventId = 120, Level = LogLevel.Debug, Message = "The host failed to start")]
    public static partial void StartFailed(ILogger logger, Exception exception);
}
