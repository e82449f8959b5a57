namespace SoapRouter.Configuration;

/// <summary>
/// The one table of the keys that need a restart: the listeners, hosting and the cache read it to say which edits of
/// a reloaded config wait for the next start. A key read once at start is added here and nowhere else.
/// </summary>
public static class RestartKeys
{
    /// <summary>Every restart-only key, in the order the warnings name them.</summary>
    public static IReadOnlyList<RestartKey> All { get; } =
    [
        new("listeners", RestartGroup.Listeners, static (a, b) => !a.Listeners.SequenceEqual(b.Listeners)),
        new("limits.maxConcurrentRequests", RestartGroup.Concurrency, static (a, b) => a.Limits.MaxConcurrentRequests != b.Limits.MaxConcurrentRequests),
        Limit("limits.maxConnections", static limits => limits.MaxConnections),
        Limit("limits.fileDescriptorReserve", static limits => limits.FileDescriptorReserve),
        Limit("limits.keepAliveTimeout", static limits => limits.KeepAliveTimeout),
        Limit("limits.requestHeadersTimeout", static limits => limits.RequestHeadersTimeout),
        Limit("limits.minRequestBodyDataRate", static limits => limits.MinRequestBodyDataRate),
        Limit("limits.minResponseDataRate", static limits => limits.MinResponseDataRate),
        Limit("limits.perClientRateLimit", static limits => limits.PerClientRateLimit),
        Limit("limits.inlineIo", static limits => limits.InlineIo),
        Limit("limits.queueTimeout", static limits => limits.QueueTimeout),
        Limit("limits.maxBufferedBytes", static limits => limits.MaxBufferedBytes),
        Limit("limits.memoryHighWatermark", static limits => limits.MemoryHighWatermark),
        Limit("limits.memoryLowWatermark", static limits => limits.MemoryLowWatermark),
        new("admin.address", RestartGroup.AdminAddress, static (a, b) => !string.Equals(a.Admin.Address, b.Admin.Address, StringComparison.OrdinalIgnoreCase)),
        new("telemetry.otlp", RestartGroup.Telemetry, static (a, b) => a.Telemetry.Otlp != b.Telemetry.Otlp),
        new("telemetry.tracing.sampleRatio", RestartGroup.Telemetry, static (a, b) => a.Telemetry.Tracing.SampleRatio != b.Telemetry.Tracing.SampleRatio),
        new("telemetry.logFormat", RestartGroup.Telemetry, static (a, b) => !string.Equals(a.Telemetry.LogFormat, b.Telemetry.LogFormat, StringComparison.Ordinal)),
        new("cache.memoryLimitBytes", RestartGroup.Cache, static (a, b) => a.Cache.MemoryLimitBytes != b.Cache.MemoryLimitBytes),
        new("cache.redis", RestartGroup.Cache, static (a, b) => a.Cache.Redis != b.Cache.Redis),
        new("queues", RestartGroup.Queues, static (a, b) => a.Queues != b.Queues),
    ];

    /// <summary>The keys of <paramref name="group"/> that <paramref name="current"/> changes against <paramref name="started"/>; empty when none.</summary>
    public static IReadOnlyList<string> Changed(RouterConfig started, RouterConfig current, RestartGroup group)
    {
        ArgumentNullException.ThrowIfNull(started);
        ArgumentNullException.ThrowIfNull(current);
        var changed = new List<string>();
        foreach (var key in All)
        {
            if (key.Group == group && key.Differs(started, current))
            {
                changed.Add(key.Path);
            }
        }

        return changed;
    }

    private static RestartKey Limit<T>(string path, Func<LimitsConfig, T> read) =>
        new(path, RestartGroup.ConnectionLimits, (a, b) => !EqualityComparer<T>.Default.Equals(read(a.Limits), read(b.Limits)));
}
