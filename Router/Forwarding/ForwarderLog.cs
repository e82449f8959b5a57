namespace SoapRouter.Forwarding;

/// <summary>The forwarder's log messages, source-generated so nothing is formatted unless the level is on.</summary>
internal static partial class ForwarderLog
{
    /// <summary>An attempt failed and the message goes to the next destination.</summary>
    [LoggerMessage(EventId = 1001, Level = LogLevel.Debug,
        Message = "Cluster {Cluster}: destination {Destination} failed with {Error}; trying {Next}")]
    public static partial void FailingOver(ILogger logger, string cluster, string destination, ForwardError error, string next);

    /// <summary>The sender threw instead of returning an error value.</summary>
    [LoggerMessage(EventId = 1002, Level = LogLevel.Warning,
        Message = "Cluster {Cluster}: sending to {Destination} threw; treated as {Error}")]
    public static partial void SenderThrew(ILogger logger, string cluster, string destination, ForwardError error, Exception exception);
}
