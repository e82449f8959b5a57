namespace SoapRouter.Streaming;

/// <summary>
/// A destination's answer to a streamed request, its headers read and its body not: the response stays open until the body
/// has been passed to the client. Disposing closes it (and the connection, when its body was not read to the end).
/// </summary>
internal sealed class StreamedReply(HttpResponseMessage response, int statusCode, string? contentType) : IDisposable
{
    /// <summary>The destination's HTTP status.</summary>
    public int StatusCode { get; } = statusCode;

    /// <summary>The reply's Content-Type, as received.</summary>
    public string? ContentType { get; } = contentType;

    /// <summary>The reply's Content-Length, or null (chunked).</summary>
    public long? ContentLength => response.Content.Headers.ContentLength;

    /// <summary>The reply's body, read as the client takes it.</summary>
    public Task<Stream> OpenBodyAsync(CancellationToken cancellationToken) => response.Content.ReadAsStreamAsync(cancellationToken);

    /// <inheritdoc />
    public void Dispose() => response.Dispose();
}
