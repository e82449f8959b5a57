namespace SoapRouter.Metadata;

/// <summary>The metadata proxy's and the one-way learner's log events, source-generated.</summary>
internal static partial class MetadataLog
{
    /// <summary>A metadata request was answered from a destination.</summary>
    [LoggerMessage(EventId = 1401, Level = LogLevel.Debug, Message = "{Listener}: metadata {Query} from destination {Destination} ({Binding})")]
    public static partial void Served(ILogger logger, string listener, string query, string destination, string binding);

    /// <summary>A metadata request could not be answered.</summary>
    [LoggerMessage(EventId = 1402, Level = LogLevel.Warning, Message = "{Listener}: metadata {Query} could not be served: {Reason}")]
    public static partial void Failed(ILogger logger, string listener, string query, string reason);

    /// <summary>A cluster's one-way operations were learned (logged when what is known changes).</summary>
    [LoggerMessage(EventId = 1403, Level = LogLevel.Information,
        Message = "Cluster {Cluster}: {OneWay} one-way action(s) of {Operations} operation(s) learned from destination {Destination}'s WSDL: {Actions}")]
    public static partial void Learned(ILogger logger, string cluster, int oneWay, int operations, string destination, string actions);

    /// <summary>A cluster's WSDL could not be read; logged once until it can be (later failures are at Debug).</summary>
    [LoggerMessage(EventId = 1404, Level = LogLevel.Warning,
        Message = "Cluster {Cluster}: one-way operations could not be learned from its WSDL ({Problem}); its routes treat as one-way only WS-Addressing messages without a MessageID until it can be read (retried, next in {RetrySeconds} s)")]
    public static partial void LearningFailed(ILogger logger, string cluster, string problem, double retrySeconds);

    /// <summary>A retry failed again (the Warning was logged already).</summary>
    [LoggerMessage(EventId = 1405, Level = LogLevel.Debug, Message = "Cluster {Cluster}: WSDL still not readable ({Problem}); next try in {RetrySeconds} s")]
    public static partial void LearningStillFailing(ILogger logger, string cluster, string problem, double retrySeconds);

    /// <summary>No destination of a cluster that has net.tcp destinations publishes metadata the router knows of.</summary>
    [LoggerMessage(EventId = 1406, Level = LogLevel.Information,
        Message = "Cluster {Cluster}: no destination has a metadata address (set metadataAddress on its net.tcp destinations), so its one-way operations are not learned; list them in routes[].oneWayActions for basicHttp clients")]
    public static partial void NoMetadataAddress(ILogger logger, string cluster);

    /// <summary>Learning threw something unexpected; counted as a failed attempt.</summary>
    [LoggerMessage(EventId = 1407, Level = LogLevel.Error, Message = "Cluster {Cluster}: learning one-way operations failed unexpectedly")]
    public static partial void LearningThrew(ILogger logger, Exception exception, string cluster);
}
