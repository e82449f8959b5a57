namespace SoapRouter.Admin;

/// <summary>The admin endpoint's log messages, source-generated.</summary>
internal static partial class AdminLog
{
    /// <summary>The admin endpoint bound its address.</summary>
    [LoggerMessage(EventId = 2001, Level = LogLevel.Information, Message = "Admin endpoint listening on {Address}")]
    public static partial void Listening(ILogger logger, Uri address);
}
