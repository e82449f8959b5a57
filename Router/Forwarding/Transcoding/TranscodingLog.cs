namespace SoapRouter.Forwarding.Transcoding;

/// <summary>The transcoding path's log messages: why a message or reply took WCF's path instead (never an error: that path is correct, only slower).</summary>
internal static partial class TranscodingLog
{
    /// <summary>A text client's message could not be transcoded to msbin1; WCF re-encodes it.</summary>
    [LoggerMessage(EventId = 1240, Level = LogLevel.Debug,
        Message = "{Listener}: a message for destination {Destination} goes through WCF's re-encoder: the transcoder stopped at byte {Offset}: {Problem}")]
    public static partial void RequestNotTranscoded(ILogger logger, string listener, string destination, int offset, string problem);

    /// <summary>A destination's msbin1 reply could not be transcoded to text; WCF re-encodes it.</summary>
    [LoggerMessage(EventId = 1241, Level = LogLevel.Debug,
        Message = "The reply of destination {Destination} goes through WCF's re-encoder for a {Listener} client: {Problem}")]
    public static partial void ReplyNotTranscoded(ILogger logger, string destination, string listener, string problem);
}
