namespace SoapRouter.Streaming;

/// <summary>
/// A destination's answer to a streamed request, its head read and its body not: the response (an HTTP response, or a
/// net.tcp connection) stays open until the body has been passed to the client. Disposing closes it (and the connection,
/// when its body was not read to the end).
/// </summary>
/// <param name="openBody">Opens the reply's body.</param>
/// <param name="owner">What disposing the reply disposes.</param>
internal sealed class StreamedReply(
    int statusCode, string? contentType, long? contentLength, Func<CancellationToken, Task<Stream>> openBody, IDisposable owner) : IDisposable
{
    /// <summary>An HTTP destination's reply.</summary>
    public StreamedReply(HttpResponseMessage response, int statusCode, string? contentType)
        : this(statusCode, contentType, response.Content.Headers.ContentLength, response.Content.ReadAsStreamAsync, response)
    {
    }

    /// <summary>The destination's HTTP status (a net.tcp reply's is 200, or 202 for a one-way acknowledgement).</summary>
    public int StatusCode { get; } = statusCode;

    /// <summary>The reply's Content-Type, as received.</summary>
    public string? ContentType { get; } = contentType;

    /// <summary>The reply's length when known before its body (Content-Length; 0 for an acknowledgement), or null.</summary>
    public long? ContentLength { get; } = contentLength;

    /// <summary>The reply's body, read as the client takes it.</summary>
    public Task<Stream> OpenBodyAsync(CancellationToken cancellationToken) => openBody(cancellationToken);

    /// <inheritdoc />
    public void Dispose() => owner.Dispose();
}
