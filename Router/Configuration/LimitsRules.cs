namespace SoapRouter.Configuration;

/// <summary>Validation of the limits section.</summary>
internal static class LimitsRules
{
    /// <summary>Checks sizes, concurrency and reader quotas.</summary>
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
        var idlePath = ConfigPath.Property(netTcpPath, "idleTimeout");
        if (netTcp.IdleTimeout <= TimeSpan.Zero || netTcp.IdleTimeout > ClusterConfig.MaxTimeout)
        {
            context.Error(idlePath, $"must be more than zero and at most {ClusterConfig.MaxTimeout} (is {netTcp.IdleTimeout})");
        }
    }
}
