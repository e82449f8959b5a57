namespace Samples.Contracts;

/// <summary>SOAP actions and body names of the streamed contract (<see cref="IStreamedService"/>), for routing and for the stub.</summary>
public static class StreamedServiceActions
{
    /// <summary>Request action of Upload(Stream).</summary>
    public const string Upload = "http://tempuri.org/IStreamedService/Upload";

    /// <summary>Reply action of Upload.</summary>
    public const string UploadResponse = "http://tempuri.org/IStreamedService/UploadResponse";

    /// <summary>Request action of Download(long).</summary>
    public const string Download = "http://tempuri.org/IStreamedService/Download";

    /// <summary>Reply action of Download.</summary>
    public const string DownloadResponse = "http://tempuri.org/IStreamedService/DownloadResponse";
}
