using System.Buffers;

namespace SoapRouter.Streaming;

/// <summary>
/// The verbatim path for a streamed message: its header section as received with only To spliced (<paramref name="headers"/>),
/// then the body bytes the router holds, then the rest of the client's body copied through a pooled buffer as it arrives.
/// </summary>
internal sealed class StreamedVerbatimContent : StreamedContent
{
    private readonly StreamedRequest _request;
    private readonly ReadOnlyMemory<byte> _headers;
    private readonly int _chunkSize;

    /// <summary>Content of <paramref name="request"/> whose header section goes out as <paramref name="headers"/>, marked <paramref name="contentType"/>.</summary>
    public StreamedVerbatimContent(StreamedRequest request, ReadOnlyMemory<byte> headers, string contentType, int chunkSize)
    {
        _request = request;
        _headers = headers;
        _chunkSize = chunkSize;

        // Unvalidated so the value goes out exactly as the client sent it, never parsed and re-formatted.
        Headers.TryAddWithoutValidation("Content-Type", contentType);
    }

    /// <inheritdoc />
    protected override async Task WriteAsync(Stream stream, CancellationToken cancellationToken)
    {
        await stream.WriteAsync(_headers, cancellationToken).ConfigureAwait(false);
        await stream.WriteAsync(_request.BodyHead, cancellationToken).ConfigureAwait(false);
        var chunk = ArrayPool<byte>.Shared.Rent(_chunkSize);
        try
        {
            int read;
            while ((read = await ReadAsync(chunk, cancellationToken).ConfigureAwait(false)) > 0)
            {
                await stream.WriteAsync(chunk.AsMemory(0, read), cancellationToken).ConfigureAwait(false);
            }
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(chunk);
        }
    }

    /// <inheritdoc />
    protected override bool TryComputeLength(out long length)
    {
        // A client's Content-Length carries over, changed by what the splice changed; chunked otherwise.
        length = _request.DeclaredLength is { } declared ? declared - _request.HeaderBytes.Length + _headers.Length : 0;
        return _request.DeclaredLength is not null;
    }

    private async ValueTask<int> ReadAsync(byte[] chunk, CancellationToken cancellationToken)
    {
        try
        {
            return await _request.ReadRestAsync(chunk, cancellationToken).ConfigureAwait(false);
        }
        catch (Exception ex)
        {
            WriteFailure = ex;
            throw;
        }
    }
}
