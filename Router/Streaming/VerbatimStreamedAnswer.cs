using System.Buffers;
using SoapRouter.Wire.Faults;

namespace SoapRouter.Streaming;

/// <summary>The verbatim path back: the destination's status (500 for a fault), content type and bytes as they came, through a pooled buffer.</summary>
internal sealed class VerbatimStreamedAnswer(StreamedReply reply, bool isFault, long maxSize, TimeSpan idleTimeout, int chunkSize)
    : StreamedAnswer(reply, isFault, maxSize, idleTimeout)
{
    /// <inheritdoc />
    public override async Task WriteAsync(HttpContext context, Action<int> written, CancellationToken cancellationToken)
    {
        var response = context.Response;
        response.StatusCode = IsFault ? SoapFaultMessages.HttpStatusCode : Reply.StatusCode;
        if (Reply.ContentType is { } contentType)
        {
            response.ContentType = contentType;
        }

        if (Reply.ContentLength is { } length && length <= MaxSize)
        {
            response.ContentLength = length;
        }

        await WriteBodyAsync(response.Body, written, cancellationToken).ConfigureAwait(false);
    }

    /// <inheritdoc />
    public override async Task WriteBodyAsync(Stream target, Action<int> written, CancellationToken cancellationToken)
    {
        await using var body = await Reply.OpenBodyAsync(cancellationToken).ConfigureAwait(false);
        var chunk = ArrayPool<byte>.Shared.Rent(chunkSize);
        long total = 0;
        try
        {
            int read;
            while ((read = await body.ReadAsync(chunk, cancellationToken).ConfigureAwait(false)) > 0)
            {
                total += read;
                CheckSize(total);
                await target.WriteAsync(chunk.AsMemory(0, read), cancellationToken).ConfigureAwait(false);
                written(read);
            }
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(chunk);
        }
    }
}
