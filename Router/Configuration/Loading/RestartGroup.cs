namespace SoapRouter.Configuration;

/// <summary>The warning a change of a restart-only key is reported under: one warning per group and reload.</summary>
public enum RestartGroup
{
    /// <summary>The listeners (bound once).</summary>
    Listeners,

    /// <summary>limits.maxConcurrentRequests (the gate is sized once).</summary>
    Concurrency,

    /// <summary>The limits Kestrel and the connection layer read at start.</summary>
    ConnectionLimits,

    /// <summary>admin.address (bound once).</summary>
    AdminAddress,

    /// <summary>The telemetry exporters, sampler and log format.</summary>
    Telemetry,

    /// <summary>The response cache's memory and Redis.</summary>
    Cache,

    /// <summary>The queue store (opened once).</summary>
    Queues,
}
