namespace SoapRouter.Health;

/// <summary>Health transitions, one line each, and the aggregated failure lines; source-generated.</summary>
internal static partial class HealthLog
{
    /// <summary>The breaker opened: the destination is not chosen for a while.</summary>
    [LoggerMessage(EventId = 1701, Level = LogLevel.Warning,
        Message = "Destination {Destination} ejected for {Duration}: {Reason}")]
    public static partial void Ejected(ILogger logger, string destination, TimeSpan duration, string reason);

    /// <summary>The ejection ran out: one trial attempt may go.</summary>
    [LoggerMessage(EventId = 1702, Level = LogLevel.Debug, Message = "Destination {Destination}: ejection over, sending one trial attempt")]
    public static partial void Trial(ILogger logger, string destination);

    /// <summary>The breaker closed: the destination is chosen again.</summary>
    [LoggerMessage(EventId = 1703, Level = LogLevel.Information, Message = "Destination {Destination} readmitted")]
    public static partial void Readmitted(ILogger logger, string destination);

    /// <summary>Active probes failed often enough to take the destination out.</summary>
    [LoggerMessage(EventId = 1704, Level = LogLevel.Warning,
        Message = "Destination {Destination} unhealthy: {Count} probes in a row failed (last: {Problem})")]
    public static partial void ProbesFailing(ILogger logger, string destination, int count, string problem);

    /// <summary>Active probes pass again.</summary>
    [LoggerMessage(EventId = 1705, Level = LogLevel.Information,
        Message = "Destination {Destination} healthy again: {Count} probes in a row passed")]
    public static partial void ProbesPassing(ILogger logger, string destination, int count);

    /// <summary>One line per destination per interval while its attempts fail.</summary>
    [LoggerMessage(EventId = 1706, Level = LogLevel.Warning,
        Message = "Destination {Destination}: {Count} attempts failed in the last {Interval} (first: {FirstError}{Detail})")]
    public static partial void FailuresAggregated(ILogger logger, string destination, long count, TimeSpan interval, Forwarding.ForwardError firstError, string detail);

    /// <summary>A retry was not made because the cluster's retry budget was spent.</summary>
    [LoggerMessage(EventId = 1707, Level = LogLevel.Debug,
        Message = "Cluster {Cluster}: retry after {Error} on {Destination} refused by the retry budget")]
    public static partial void RetryDenied(ILogger logger, string cluster, string destination, Forwarding.ForwardError error);
}
