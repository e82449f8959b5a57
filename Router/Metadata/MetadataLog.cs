namespace SoapRouter.Metadata;

/// <summary>The metadata proxy's log events, source-generated.</summary>
internal static partial class MetadataLog
{
    /// <summary>A metadata request was answered from a destination.</summary>
    [LoggerMessage(EventId = 1401, Level = LogLevel.Debug, Message = "{Listener}: metadata {Query} from destination {Destination} ({Binding})")]
    public static partial void Served(ILogger logger, string listener, string query, string destination, string binding);

    /// <summary>A metadata request could not be answered.</summary>
    [LoggerMessage(EventId = 1402, Level = LogLevel.Warning, Message = "{Listener}: metadata {Query} could not be served: {Reason}")]
    public static partial void Failed(ILogger logger, string listener, string query, string reason);
}
