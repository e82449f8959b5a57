namespace SoapRouter.Configuration;

/// <summary>Validation of the limits section.</summary>
internal static class LimitsRules
{
    /// <summary>The largest limits.fileDescriptorReserve: the kernel's default ceiling on a process's open files (fs.nr_open).</summary>
    public const int MaxFileDescriptorReserve = 1024 * 1024;

    private static readonly TimeSpan MinGracePeriod = TimeSpan.FromSeconds(1);

    /// <summary>Checks sizes, concurrency, connections, data rates and reader quotas.</summary>
    public static void Check(LimitsConfig limits, ConfigValidationContext context)
    {
        const string Path = "limits";
        var maxMessagePath = ConfigPath.Property(Path, "maxMessageSize");
        context.RequirePositive(limits.MaxMessageSize, maxMessagePath);

        // Buffered messages live in one array, which .NET caps at int.MaxValue bytes.
        if (limits.MaxMessageSize > int.MaxValue)
        {
            context.Error(maxMessagePath, $"must be at most {int.MaxValue} (is {limits.MaxMessageSize}); messages are buffered in one array");
        }

        var maxDecompressedPath = ConfigPath.Property(Path, "maxDecompressedSize");
        context.RequirePositive(limits.MaxDecompressedSize, maxDecompressedPath);
        if (limits.MaxDecompressedSize > int.MaxValue)
        {
            context.Error(maxDecompressedPath, $"must be at most {int.MaxValue} (is {limits.MaxDecompressedSize}); a decompressed message is buffered in one array");
        }

        if (limits.MaxDecompressedSize < limits.MaxMessageSize)
        {
            context.Error(maxDecompressedPath,
                $"must be at least maxMessageSize ({limits.MaxMessageSize}) (is {limits.MaxDecompressedSize}); a decompressed message is never smaller than the limit it arrived under");
        }

        context.RequirePositive(limits.MaxConcurrentRequests, ConfigPath.Property(Path, "maxConcurrentRequests"));
        CheckMemory(limits, Path, context);
        CheckConnections(limits, Path, context);

        var quotas = limits.ReaderQuotas;
        var quotasPath = ConfigPath.Property(Path, "readerQuotas");
        context.RequirePositive(quotas.MaxDepth, ConfigPath.Property(quotasPath, "maxDepth"));
        context.RequirePositive(quotas.MaxStringContentLength, ConfigPath.Property(quotasPath, "maxStringContentLength"));
        context.RequirePositive(quotas.MaxArrayLength, ConfigPath.Property(quotasPath, "maxArrayLength"));
        context.RequirePositive(quotas.MaxBytesPerRead, ConfigPath.Property(quotasPath, "maxBytesPerRead"));
        context.RequirePositive(quotas.MaxNameTableCharCount, ConfigPath.Property(quotasPath, "maxNameTableCharCount"));

        var netTcp = limits.NetTcp;
        var netTcpPath = ConfigPath.Property(Path, "netTcp");
        context.RequirePositive(netTcp.MaxConnections, ConfigPath.Property(netTcpPath, "maxConnections"));
        context.RequirePositive(netTcp.MaxPendingMessagesPerConnection, ConfigPath.Property(netTcpPath, "maxPendingMessagesPerConnection"));
        context.RequirePositive(netTcp.SessionsPerDestination, ConfigPath.Property(netTcpPath, "sessionsPerDestination"));
        context.RequirePositive(netTcp.MaxSessionsPerDestination, ConfigPath.Property(netTcpPath, "maxSessionsPerDestination"));
        context.RequireTimeout(netTcp.IdleTimeout, ConfigPath.Property(netTcpPath, "idleTimeout"));
    }

    /// <summary>
    /// limits.maxBufferedBytes, and a warning when a container's memory cannot hold what the limits let in: without a
    /// budget of its own, the largest request and its reply for every concurrent message, against the GC's default hard
    /// limit (75% of the container's); with one, a budget over half the container's memory (the runtime, the replies and
    /// the connections need the rest).
    /// </summary>
    private static void CheckMemory(LimitsConfig limits, string path, ConfigValidationContext context)
    {
        context.RequireTimeout(limits.QueueTimeout, ConfigPath.Property(path, "queueTimeout"));
        var highPath = ConfigPath.Property(path, "memoryHighWatermark");
        if (!(limits.MemoryHighWatermark > 0 && limits.MemoryHighWatermark <= 1))
        {
            context.Error(highPath, $"must be a fraction above 0 and at most 1 (is {limits.MemoryHighWatermark})");
        }
        else if (!(limits.MemoryLowWatermark > 0 && limits.MemoryLowWatermark < limits.MemoryHighWatermark))
        {
            context.Error(ConfigPath.Property(path, "memoryLowWatermark"),
                $"must be a fraction above 0 and below memoryHighWatermark {limits.MemoryHighWatermark} (is {limits.MemoryLowWatermark})");
        }

        var bufferedPath = ConfigPath.Property(path, "maxBufferedBytes");
        if (limits.MaxBufferedBytes is { } buffered)
        {
            context.RequirePositive(buffered, bufferedPath);
            if (context.ContainerMemory is { } limit && buffered > limit / 2)
            {
                context.Warning(bufferedPath,
                    $"{Mb(buffered)} of request bodies is over half this container's memory limit ({Mb(limit)}): the router "
                    + "may be killed for memory before it answers 503; lower it or give the container more memory");
            }

            return;
        }

        if (context.ContainerMemory is not { } container || limits.MaxMessageSize <= 0 || limits.MaxConcurrentRequests <= 0)
        {
            return;
        }

        var worst = limits.MaxMessageSize * 2 * limits.MaxConcurrentRequests;
        if (worst > container * 3 / 4)
        {
            var budget = Listening.BufferBudget.Size(limits, container * 3 / 4);
            context.Warning(ConfigPath.Property(path, "maxConcurrentRequests"),
                $"{limits.MaxConcurrentRequests} messages of up to {Mb(limits.MaxMessageSize)} with their replies ({Mb(worst)}) do not fit this "
                + $"container's memory limit ({Mb(container)}): request bodies are held within {Mb(budget)} (a quarter of what the GC may use) and "
                + "answered 503 past it; set limits.maxBufferedBytes to say so, lower maxConcurrentRequests or maxMessageSize, or give the "
                + "container more memory");
        }
    }

    private static string Mb(long bytes) => $"{bytes / (1024.0 * 1024):0.#} MB";

    private static void CheckConnections(LimitsConfig limits, string path, ConfigValidationContext context)
    {
        context.RequirePositive(limits.MaxConnections, ConfigPath.Property(path, "maxConnections"));
        CheckReserve(limits.FileDescriptorReserve, ConfigPath.Property(path, "fileDescriptorReserve"), context);
        context.RequireTimeout(limits.KeepAliveTimeout, ConfigPath.Property(path, "keepAliveTimeout"));
        context.RequireTimeout(limits.RequestHeadersTimeout, ConfigPath.Property(path, "requestHeadersTimeout"));
        context.RequireTimeout(limits.RequestBodyTimeout, ConfigPath.Property(path, "requestBodyTimeout"));
        CheckDataRate(limits.MinRequestBodyDataRate, ConfigPath.Property(path, "minRequestBodyDataRate"), context);
        CheckDataRate(limits.MinResponseDataRate, ConfigPath.Property(path, "minResponseDataRate"), context);
        if (limits.PerClientRateLimit is { } rate)
        {
            var ratePath = ConfigPath.Property(path, "perClientRateLimit");
            context.RequirePositive(rate.PermitsPerSecond, ConfigPath.Property(ratePath, "permitsPerSecond"));
            context.RequirePositive(rate.Burst, ConfigPath.Property(ratePath, "burst"));
        }
    }

    private static void CheckReserve(int reserve, string path, ConfigValidationContext context)
    {
        if (reserve is < 0 or > MaxFileDescriptorReserve)
        {
            context.Error(path, $"must be 0 (off) to {MaxFileDescriptorReserve} (is {reserve})");
        }
        else if (reserve == 0)
        {
            context.Warning(path,
                "is 0: the listeners accept until no file descriptor is left, and then the runtime cannot start a thread (the process ends with \"Out of memory.\")");
        }
    }

    private static void CheckDataRate(DataRateConfig rate, string path, ConfigValidationContext context)
    {
        if (rate.BytesPerSecond < 0 || !double.IsFinite(rate.BytesPerSecond))
        {
            context.Error(ConfigPath.Property(path, "bytesPerSecond"), $"must be 0 (no minimum) or more (is {rate.BytesPerSecond})");
        }

        // Kestrel measures rates on its one-second heartbeat and refuses a grace period it could not observe.
        var gracePath = ConfigPath.Property(path, "gracePeriod");
        if (rate.GracePeriod <= MinGracePeriod)
        {
            context.Error(gracePath, $"must be more than {MinGracePeriod} (is {rate.GracePeriod}); Kestrel checks data rates once a second");
        }
        else
        {
            context.RequireTimeout(rate.GracePeriod, gracePath);
        }
    }
}
