namespace LoadClient.Streamed;

/// <summary>Which way a streamed transfer goes.</summary>
internal enum StreamedDirection
{
    /// <summary>IStreamedService.Upload: the client sends the bytes, the service answers their digest.</summary>
    Upload,

    /// <summary>IStreamedService.Download: the service sends the bytes, the client hashes them as they arrive.</summary>
    Download,
}
