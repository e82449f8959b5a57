namespace SoapRouter.Forwarding.Http;

/// <summary>The verbatim HTTP transport's log messages, source-generated so nothing is formatted unless the level is on.</summary>
internal static partial class HttpVerbatimLog
{
    /// <summary>The destination answered with a status that is neither a reply nor a SOAP fault.</summary>
    [LoggerMessage(EventId = 1101, Level = LogLevel.Debug,
        Message = "Destination {Destination} answered HTTP {StatusCode} ({ContentType}), which is not a SOAP reply")]
    public static partial void UnusableStatus(ILogger logger, string destination, int statusCode, string? contentType);

    /// <summary>The reply was larger than the message size limit and was dropped.</summary>
    [LoggerMessage(EventId = 1102, Level = LogLevel.Warning,
        Message = "Destination {Destination} sent a reply larger than the {MaxMessageSize}-byte limit; dropped")]
    public static partial void ReplyTooLarge(ILogger logger, string destination, int maxMessageSize);

    /// <summary>The destination answered a request-reply message with an empty body.</summary>
    [LoggerMessage(EventId = 1104, Level = LogLevel.Debug, Message = "Destination {Destination} sent a compressed reply the router cannot use: {Problem}")]
    public static partial void UndecodableReply(ILogger logger, string destination, string problem);

    [LoggerMessage(EventId = 1103, Level = LogLevel.Debug,
        Message = "Destination {Destination} answered HTTP {StatusCode} with an empty body to a request that expects a reply")]
    public static partial void EmptyReply(ILogger logger, string destination, int statusCode);
}
